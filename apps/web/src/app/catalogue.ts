/**
 * Every page under /calculate, in the sidebar's groups and order (spec document 1,
 * section 2). `page` names the built page; pages without one show "coming soon"
 * with their description. Labels and descriptions are i18n keys under `nav`.
 */
export interface CalculatePage {
  /** Path segment under /calculate/. */
  path: string;
  /** i18n key suffix: `nav.<key>` is the label, `nav.desc.<key>` the description. */
  key: string;
  /** Module code for task filters, where the page submits tasks. */
  module?: string;
}

export interface SidebarGroup {
  key: string;
  items: CalculatePage[];
}

export const SIDEBAR: readonly SidebarGroup[] = [
  { key: 'home', items: [{ path: 'home', key: 'home' }] },
  {
    key: 'structure',
    items: [
      { path: 'orca', key: 'orca', module: 'orca' },
      { path: 'quantum', key: 'quantum', module: 'prothod' },
      { path: 'pepsearch', key: 'pepsearch', module: 'pepsearch' },
    ],
  },
  {
    key: 'ligandPrep',
    items: [
      { path: 'pool', key: 'pool' },
      { path: 'admet', key: 'admet', module: 'admet' },
      { path: 'molecularFormation', key: 'molecularFormation', module: 'generate' },
    ],
  },
  {
    key: 'screening',
    items: [
      { path: 'molecules', key: 'molecules', module: 'autodock' },
      { path: 'sign', key: 'sign', module: 'sign' },
      { path: 'graphdta', key: 'graphdta', module: 'graph_dta' },
      { path: 'pharmer', key: 'pharmer', module: 'pharmer' },
    ],
  },
  {
    key: 'analysis',
    items: [
      { path: 'energy', key: 'energy', module: 'dynamic' },
      { path: 'qsar', key: 'qsar', module: 'qsartuna' },
      { path: 'qsarApply', key: 'qsarApply', module: 'qsarpred' },
    ],
  },
  { key: 'workflows', items: [{ path: 'workflows', key: 'workflows', module: 'group' }] },
  {
    key: 'preprocess',
    items: [
      { path: 'convert', key: 'convert', module: 'convert' },
      { path: 'optimize', key: 'optimize', module: 'perform' },
      { path: 'merges', key: 'merges', module: 'merge' },
    ],
  },
  {
    key: 'taskManagement',
    items: [
      { path: 'list', key: 'list' },
      { path: 'terminal', key: 'terminal' },
    ],
  },
  {
    key: 'experimental',
    items: [
      { path: 'rosetta', key: 'rosetta', module: 'minimizer' },
      { path: 'packer', key: 'packer', module: 'packer' },
      { path: 'vasp', key: 'vasp', module: 'vasp' },
    ],
  },
];

/** Pages reached from inside other pages rather than from the sidebar. */
export const HIDDEN_PAGES: readonly CalculatePage[] = [
  { path: 'docking', key: 'docking', module: 'autodock' },
  { path: 'molecule', key: 'molecule', module: 'autodock' },
  { path: 'workflow', key: 'workflow', module: 'group' },
  { path: 'dataCenter', key: 'dataCenter' },
];

export const ALL_CALCULATE_PAGES: readonly CalculatePage[] = [...SIDEBAR.flatMap((g) => g.items), ...HIDDEN_PAGES];

/** Where each sidebar entry sends the user. */
export const calculatePath = (page: Pick<CalculatePage, 'path'>) => `/calculate/${page.path}`;

/** Module code → the catalogue key whose label names it, once per module (first page wins). */
export const MODULE_LABEL_KEYS: ReadonlyMap<string, string> = new Map(
  [...ALL_CALCULATE_PAGES].reverse().flatMap((p) => (p.module ? [[p.module, p.key] as const] : [])),
);
