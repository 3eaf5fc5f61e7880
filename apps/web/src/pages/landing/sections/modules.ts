/** The five marketing modules and where each one is computed (spec document 1, section 1). */
export interface LandingModule {
  key: 'peptide' | 'admet' | 'affinity' | 'pharmacophore' | 'workflow';
  links: { labelKey: string; to: string }[];
}

export const LANDING_MODULES: readonly LandingModule[] = [
  { key: 'peptide', links: [{ labelKey: 'modules.open', to: '/calculate/pepsearch' }] },
  { key: 'admet', links: [{ labelKey: 'modules.open', to: '/calculate/admet' }] },
  {
    key: 'affinity',
    links: [
      { labelKey: 'modules.affinity.link3d', to: '/calculate/sign' },
      { labelKey: 'modules.affinity.link2d', to: '/calculate/graphdta' },
    ],
  },
  { key: 'pharmacophore', links: [{ labelKey: 'modules.open', to: '/calculate/pharmer' }] },
  { key: 'workflow', links: [{ labelKey: 'modules.open', to: '/calculate/workflows' }] },
];
