import type { EChartsCoreOption } from 'echarts/core';

/** One row of a free-energy task's result.json, as python/yunyao/dynamic writes it (kcal/mol). */
export interface DynamicRow {
  ID: string;
  name?: string | null;
  SMILES?: string | null;
  dG?: number | null;
  dG_sem?: number | null;
  vdw?: number | null;
  vdw_sem?: number | null;
  elec?: number | null;
  elec_sem?: number | null;
  polar?: number | null;
  polar_sem?: number | null;
  nonpolar?: number | null;
  nonpolar_sem?: number | null;
  snapshots?: number | null;
  charge_method?: string | null;
  error?: string | null;
}

/** A value with its standard error, kcal/mol. */
export interface Estimate {
  value: number;
  sem: number | null;
}

export const COMPONENTS = ['vdw', 'elec', 'polar', 'nonpolar'] as const;
export type Component = (typeof COMPONENTS)[number];

export interface LigandEnergy {
  rank: number | null;
  id: string;
  name: string;
  smiles: string | null;
  dG: Estimate | null;
  components: Partial<Record<Component, Estimate>>;
  snapshots: number | null;
  chargeMethod: string | null;
  error: string | null;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const estimate = (value: unknown, sem: unknown): Estimate | null => (finite(value) ? { value, sem: finite(sem) ? sem : null } : null);

/** The ligands ranked by ΔG (most negative first), failed ligands after them without a rank. */
export function ligandEnergies(rows: readonly DynamicRow[]): LigandEnergy[] {
  const parsed = rows.map((r): LigandEnergy => {
    const components: Partial<Record<Component, Estimate>> = {};
    for (const c of COMPONENTS) {
      const e = estimate(r[c], r[`${c}_sem`]);
      if (e) components[c] = e;
    }
    const dG = r.error ? null : estimate(r.dG, r.dG_sem);
    return {
      rank: null,
      id: r.ID,
      name: r.name ?? r.ID,
      smiles: r.SMILES ?? null,
      dG,
      components,
      snapshots: finite(r.snapshots) ? r.snapshots : null,
      chargeMethod: r.charge_method ?? null,
      error: r.error ?? (dG ? null : '未得到 ΔG'),
    };
  });
  const scored = parsed.filter((l) => l.dG).sort((a, b) => a.dG!.value - b.dG!.value);
  scored.forEach((l, i) => (l.rank = i + 1));
  return [...scored, ...parsed.filter((l) => !l.dG)];
}

/** ΔG relative to the best ligand of the task: what MM/GBSA ranks well, unlike its absolute values. */
export function relativeToBest(ligands: readonly LigandEnergy[], ligand: LigandEnergy): number | null {
  const best = ligands.find((l) => l.dG)?.dG?.value;
  return best === undefined || !ligand.dG ? null : ligand.dG.value - best;
}

interface Labels {
  axis: string;
}

/** Bars of ΔG per ligand with ± SEM whiskers (a custom series draws each whisker). */
export function deltaGBarOption(ligands: readonly LigandEnergy[], labels: Labels): EChartsCoreOption {
  const scored = ligands.filter((l) => l.dG);
  return {
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v.toFixed(2)} kcal/mol` : String(v)),
    },
    grid: { left: 56, right: 16, top: 16, bottom: 56 },
    xAxis: { type: 'category', data: scored.map((l) => l.name), axisLabel: { rotate: scored.length > 8 ? 30 : 0, fontSize: 10 } },
    yAxis: { type: 'value', name: labels.axis, nameLocation: 'middle', nameGap: 40 },
    series: [
      { type: 'bar', data: scored.map((l) => l.dG!.value), itemStyle: { color: '#1677ff' }, barMaxWidth: 36 },
      {
        type: 'custom',
        tooltip: { show: false },
        data: scored.map((l, i) => [i, l.dG!.value - (l.dG!.sem ?? 0), l.dG!.value + (l.dG!.sem ?? 0)]),
        renderItem: (_params: unknown, api: { value: (i: number) => number; coord: (p: [number, number]) => [number, number] }) => {
          const [x, low] = api.coord([api.value(0), api.value(1)]);
          const [, high] = api.coord([api.value(0), api.value(2)]);
          const style = { stroke: '#333', lineWidth: 1.2 };
          return {
            type: 'group',
            children: [
              { type: 'line', shape: { x1: x, y1: low, x2: x, y2: high }, style },
              { type: 'line', shape: { x1: x - 5, y1: low, x2: x + 5, y2: low }, style },
              { type: 'line', shape: { x1: x - 5, y1: high, x2: x + 5, y2: high }, style },
            ],
          };
        },
        z: 10,
      },
    ],
  };
}

/** One ligand's components as bars (negative favours binding). */
export function componentsOption(ligand: LigandEnergy, names: Record<Component, string>): EChartsCoreOption {
  const shown = COMPONENTS.filter((c) => ligand.components[c]);
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v.toFixed(2)} kcal/mol` : String(v)) },
    grid: { left: 56, right: 16, top: 16, bottom: 32 },
    xAxis: { type: 'category', data: shown.map((c) => names[c]) },
    yAxis: { type: 'value', name: 'kcal/mol' },
    series: [
      {
        type: 'bar',
        barMaxWidth: 40,
        data: shown.map((c) => ({ value: ligand.components[c]!.value, itemStyle: { color: ligand.components[c]!.value <= 0 ? '#52c41a' : '#ff4d4f' } })),
      },
    ],
  };
}

/** The ligand's heavy-atom RMSD over the trajectory (protein Cα aligned), Å against ns. */
export function rmsdOption(trace: { time_ps: number[]; rmsd: number[] }, labels: { time: string }): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v.toFixed(2)} Å` : String(v)) },
    grid: { left: 48, right: 16, top: 16, bottom: 40 },
    xAxis: { type: 'value', name: labels.time, nameLocation: 'middle', nameGap: 26 },
    yAxis: { type: 'value', name: 'RMSD (Å)' },
    series: [{ type: 'line', showSymbol: false, data: trace.time_ps.map((t, i) => [t / 1000, trace.rmsd[i] ?? null]), lineStyle: { color: '#722ed1' } }],
  };
}

/** Residue contributions of one ligand, strongest first, as the step ranked them. */
export interface ResidueContribution {
  residue: string;
  total: number;
  vdw?: number;
  elec?: number;
  solv?: number;
}

/** Horizontal bars of the residues that contribute most (negative favours binding). */
export function residuesOption(residues: readonly ResidueContribution[]): EChartsCoreOption {
  const top = [...residues].reverse();
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v.toFixed(2)} kcal/mol` : String(v)) },
    grid: { left: 88, right: 16, top: 8, bottom: 28 },
    xAxis: { type: 'value', name: 'kcal/mol' },
    yAxis: { type: 'category', data: top.map((r) => r.residue), axisLabel: { fontSize: 10 } },
    series: [{ type: 'bar', data: top.map((r) => ({ value: r.total, itemStyle: { color: r.total <= 0 ? '#52c41a' : '#ff4d4f' } })), barMaxWidth: 14 }],
  };
}

/** The last MODEL of a multi-model PDB (the trajectory subset's final snapshot), for the 3D view. */
export function lastModel(pdb: string): string {
  const start = pdb.lastIndexOf('\nMODEL');
  if (start < 0) return pdb;
  const end = pdb.indexOf('\nENDMDL', start);
  return pdb.slice(start + 1, end < 0 ? undefined : end + '\nENDMDL\n'.length);
}
