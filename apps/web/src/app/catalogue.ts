import type { ModuleMeta } from '@yunyao/modules/meta';
import type { ComponentType } from 'react';
import type { PlatformPage } from './platform-pages.ts';
import { SIDEBAR_GROUPS, type Bilingual, type PageLoader, type ResultViewLoader, type SidebarGroupKey, type SidebarPlace, type WebModule } from './web-module.ts';

/** A module page's text comes from its module's declaration; a platform page's from the i18n keys `nav.*`. */
export type Label = Bilingual | { i18nKey: string };

/** One route under /calculate. */
export interface CataloguePage {
  path: string;
  title: Label;
  description: Label;
  icon: ComponentType;
  sidebar?: SidebarPlace;
  load: PageLoader;
  /** Module codes whose tasks the page submits. */
  modules: readonly string[];
}

export interface SidebarGroup {
  key: SidebarGroupKey;
  items: readonly CataloguePage[];
}

export interface Catalogue {
  pages: readonly CataloguePage[];
  /** The sidebar's groups in order, each with its pages in order; empty groups left out. */
  sidebar: readonly SidebarGroup[];
  /** Module code → its own result view for the task list's "view" action. */
  resultViews: ReadonlyMap<string, ResultViewLoader>;
  /** Every registered module's name by code, for task lists and their module filter. */
  moduleNames: ReadonlyMap<string, Bilingual>;
}

/** The page's chunk and its module's strings load together, on first visit. */
function withMessages<T>(load: () => Promise<T>, messages: WebModule['messages']): () => Promise<T> {
  if (!messages) return load;
  return async () => (await Promise.all([load(), messages()]))[0];
}

function modulePages(manifest: WebModule, meta: ModuleMeta): CataloguePage[] {
  return manifest.pages.map((page) => ({
    path: page.path,
    title: meta.name,
    description: manifest.summary,
    icon: manifest.icon,
    sidebar: page.sidebar,
    load: withMessages(page.load, manifest.messages),
    modules: [manifest.module, ...(page.alsoSubmits ?? [])],
  }));
}

function platformPage(page: PlatformPage): CataloguePage {
  return { ...page, title: { i18nKey: `nav.${page.path}` }, description: { i18nKey: `nav.desc.${page.path}` }, modules: [] };
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string | undefined, what: string): void {
  const seen = new Set<string>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    if (seen.has(k)) throw new Error(`two pages share the ${what} ${k}`);
    seen.add(k);
  }
}

/**
 * Every /calculate page from the module manifests and the platform's own pages. Throws when a
 * manifest names a module the registry does not hold, or two pages claim one path or sidebar place.
 */
export function buildCatalogue(manifests: readonly WebModule[], metas: ReadonlyMap<string, ModuleMeta>, platformPages: readonly PlatformPage[]): Catalogue {
  const metaOf = (code: string): ModuleMeta => {
    const meta = metas.get(code);
    if (!meta) throw new Error(`a web module names ${code}, which is not a registered module`);
    return meta;
  };
  uniqueBy(manifests, (m) => m.module, 'module');
  const pages = [
    ...manifests.flatMap((m) => {
      m.pages.flatMap((p) => p.alsoSubmits ?? []).forEach(metaOf);
      return modulePages(m, metaOf(m.module));
    }),
    ...platformPages.map(platformPage),
  ];
  uniqueBy(pages, (p) => p.path, 'path');
  uniqueBy(pages, (p) => p.sidebar && `${p.sidebar.group} #${p.sidebar.order}`, 'sidebar place');

  const sidebar = SIDEBAR_GROUPS.map((key) => ({
    key,
    items: pages.filter((p) => p.sidebar?.group === key).sort((a, b) => a.sidebar!.order - b.sidebar!.order),
  })).filter((group) => group.items.length > 0);

  return {
    pages,
    sidebar,
    resultViews: new Map(manifests.flatMap((m) => (m.resultView ? [[m.module, withMessages(m.resultView, m.messages)] as const] : []))),
    moduleNames: new Map([...metas.values()].map((meta) => [meta.code, meta.name])),
  };
}

/** Where a page sends the user. */
export const calculatePath = (page: Pick<CataloguePage, 'path'>) => `/calculate/${page.path}`;

/**
 * The sidebar entry to highlight for a path: the page itself, or for a page reached only from
 * inside others (docking's server-pocket variant) the sidebar page of the same module. Derived
 * from the URL alone, so a reload keeps it and a page outside the sidebar never shows the entry
 * visited before it.
 */
export function sidebarEntryFor(catalogue: Pick<Catalogue, 'pages'>, pathname: string): string | undefined {
  const page = catalogue.pages.find((p) => p.path === pathname.split('/')[2]);
  if (!page || page.sidebar) return page?.path;
  const module = page.modules[0];
  return module === undefined ? undefined : catalogue.pages.find((p) => p.sidebar && p.modules[0] === module)?.path;
}
