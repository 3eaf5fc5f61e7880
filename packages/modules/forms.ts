/// <reference types="vite/client" />
import type { ModuleForm } from './types.ts';
import { buildFormRegistry, checkAgreesWithMeta, globbedDeclaration, isModuleForm } from './registry.ts';
import { moduleMetas } from './meta.ts';
import { createGroupForm } from './group/group-form.ts';

export * from './types.ts';
export { buildFormRegistry } from './registry.ts';
export { extOf } from './shared/file-names.ts';
export * from './shared/xyz-files.ts';
export * from './shared/molecule-source.ts';
export * from './shared/protein-source.ts';
export * from './shared/ligand-source.ts';
export * from './shared/workflow-step.ts';
export * from './group/group-plan.ts';
export { givenPorts, WORKFLOW_PROTEIN_SOURCES, WORKFLOW_REFERENCE_FIELD } from './group/group-form.ts';

/**
 * Every `<code>/<code>.form.ts`, gathered by the bundler (Vite for the web app, Vitest in tests);
 * only module pages and tests import it (the web app's shell names modules from meta.ts). A
 * module's own exports (`convertForm`, its constants) are imported from `@yunyao/modules/forms/<code>`.
 */
const formFiles = import.meta.glob<Record<string, unknown>>('./*/*.form.ts', { eager: true });

function formOf(path: string, exports: Record<string, unknown>): ModuleForm {
  const form = globbedDeclaration(path, exports, isModuleForm);
  checkAgreesWithMeta(form, moduleMetas.get(form.code), path);
  return form;
}

/** The browser-safe registry: every module's form, keyed by module code. */
const discoveredForms = Object.entries(formFiles).map(([path, exports]) => formOf(path, exports));

/** Every module's form; the workflow's (group/) is built over the discovered ones, whose workflow steps it chains. */
export const moduleForms: ReadonlyMap<string, ModuleForm> = buildFormRegistry([...discoveredForms, createGroupForm(buildFormRegistry(discoveredForms))]);
