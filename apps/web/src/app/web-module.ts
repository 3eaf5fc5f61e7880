import type { Bilingual } from '@yunyao/modules/meta';
import type { TaskRow } from '@yunyao/contract';
import type { ComponentType } from 'react';

/**
 * What a module folder (`apps/web/src/modules/<code>/manifest.ts`) tells the app. The catalogue,
 * router, sidebar, home cards and task-list views are built from these. Manifests stay light:
 * pages, views and strings are lazy imports, so the first load carries none of them.
 */

/** Sidebar groups, in the sidebar's order (spec document 1, section 2). */
export const SIDEBAR_GROUPS = ['home', 'structure', 'ligandPrep', 'screening', 'analysis', 'workflows', 'preprocess', 'taskManagement', 'experimental'] as const;
export type SidebarGroupKey = (typeof SIDEBAR_GROUPS)[number];

export type { Bilingual } from '@yunyao/modules/meta';

/** Where a page sits in the sidebar and on the compute home page; `order` sorts within the group. */
export interface SidebarPlace {
  group: SidebarGroupKey;
  order: number;
}

export type PageLoader = () => Promise<{ default: ComponentType }>;

export interface ResultViewProps {
  task: TaskRow;
  onClose: () => void;
}
export type ResultViewLoader = () => Promise<{ default: ComponentType<ResultViewProps> }>;

export interface ModulePage {
  /** Path segment under /calculate/. */
  path: string;
  load: PageLoader;
  /** Absent: the page is reached from inside other pages (e.g. docking's server-pocket variant). */
  sidebar?: SidebarPlace;
  /** Further modules the page submits tasks to (docking's page asks `pocket` for pockets first). */
  alsoSubmits?: readonly string[];
}

export interface WebModule {
  /** The module's code in `packages/modules/<code>/`; the name in its `<code>.meta.ts` labels the page. */
  module: string;
  icon: ComponentType;
  /** One line for the module's card on the compute home page. */
  summary: Bilingual;
  pages: readonly ModulePage[];
  /** What the task list's "view" action opens for this module's tasks; the generic task detail otherwise. */
  resultView?: ResultViewLoader;
  /** The module's strings (a file that calls `registerMessages`), loaded before its page or view. */
  messages?: () => Promise<unknown>;
}

/** Identity helper so a manifest is checked against `WebModule` where it is written. */
export function defineWebModule(manifest: WebModule): WebModule {
  return manifest;
}
