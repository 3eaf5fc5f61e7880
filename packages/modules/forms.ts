import type { ModuleForm } from './types.ts';
import { convertForm } from './convert/convert.form.ts';
import { performForm } from './perform/perform.form.ts';
import { mergeForm } from './merge/merge.form.ts';
import { admetForm } from './admet/admet.form.ts';
import { pocketForm } from './pocket/pocket.form.ts';
import { autodockForm } from './autodock/autodock.form.ts';
import { prothodForm } from './prothod/prothod.form.ts';
import { orcaForm } from './orca/orca.form.ts';

export * from './types.ts';
export { extOf } from './shared/file-names.ts';
export * from './convert/convert.form.ts';
export * from './perform/perform.form.ts';
export * from './merge/merge.form.ts';
export * from './admet/admet.form.ts';
export * from './pocket/pocket.form.ts';
export * from './autodock/autodock.form.ts';
export * from './prothod/prothod.form.ts';
export * from './orca/orca.form.ts';
export * from './shared/xyz-files.ts';
export * from './shared/molecule-source.ts';
export * from './shared/protein-source.ts';

/** The browser-safe registry: every module's form, keyed by module code. */
export const moduleForms: ReadonlyMap<string, ModuleForm> = new Map(
  ([convertForm, performForm, mergeForm, admetForm, pocketForm, autodockForm, prothodForm, orcaForm] as ModuleForm[]).map((f) => [f.code, f]),
);
