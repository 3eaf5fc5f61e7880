import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admetResultItemSchema, type AdmetResultItem } from '@yunyao/contract';
import { admetModule } from './admet.module.ts';
import { typedMoleculesCsv } from '../shared/molecule-source.ts';
import { cleanupStaged, runModule } from '../shared/run-steps.testing.ts';

afterAll(cleanupStaged);

/** Textbook molecules whose alerts, rules and BOILED-Egg place SwissADME and the PAINS paper agree on. */
const MOLECULES = {
  aspirin: 'CC(=O)Oc1ccccc1C(=O)O',
  rhodanine: 'S=C1SC(=Cc2ccccc2)C(=O)N1',
  catechol: 'Oc1ccccc1O',
  quinone: 'O=C1C=CC(=O)C=C1',
  imatinib: 'Cc1ccc(NC(=O)c2ccc(CN3CCN(C)CC3)cc2)cc1Nc1nccc(-c2cccnc2)n1',
  cyclosporin:
    'CC[C@H]1C(=O)N(CC(=O)N([C@H](C(=O)N[C@H](C(=O)N([C@H](C(=O)N[C@H](C(=O)N[C@@H](C(=O)N([C@H](C(=O)N([C@H](C(=O)N([C@H](C(=O)N([C@H](C(=O)N1)[C@@H]([C@H](C)C/C=C/C)O)C)C(C)C)C)CC(C)C)C)CC(C)C)C)C)C)CC(C)C)C)C(C)C)CC(C)C)C)C',
  caffeine: 'Cn1cnc2c1c(=O)n(C)c(=O)n2C',
  diazepam: 'CN1C(=O)CN=C(c2ccccc2)c2cc(Cl)ccc21',
  amprenavir: 'CC(C)CN(C[C@@H](O)[C@H](Cc1ccccc1)NC(=O)O[C@H]1CCOC1)S(=O)(=O)c1ccc(N)cc1',
  lactulose: 'OC[C@H]1OC(O)(CO)[C@@H](O)[C@@H]1O[C@@H]1O[C@H](CO)[C@H](O)[C@H](O)[C@H]1O',
} as const;
type Name = keyof typeof MOLECULES;

const rows = new Map<Name, AdmetResultItem>();
let csvLines: string[] = [];

beforeAll(async () => {
  const typed = Object.entries(MOLECULES).map(([name, smiles]) => `${smiles} ${name}`).join('\n');
  const run = await runModule(admetModule, { mole_type: 'file' }, [{ field: 'smiles', originalName: 'medchem.csv', content: typedMoleculesCsv(typed) }], {
    timeoutMs: 120_000,
  });
  expect(run.error).toBeUndefined();
  for (const row of run.result!.rows) rows.set(row.name as Name, admetResultItemSchema.parse(row));
  csvLines = (await run.read('admet.csv')).trim().split('\n');
}, 150_000);

const row = (name: Name) => rows.get(name)!;
const pains = (name: Name) => (row(name).alerts ?? []).filter((a) => a.catalog.startsWith('PAINS')).map((a) => a.name);

describe('structural alerts (RDKit filter catalogues)', () => {
  it('flags the classic PAINS families and names the matched atoms', () => {
    expect(pains('rhodanine')).toEqual(['ene_rhod_A(235)']);
    expect(pains('catechol')).toEqual(['catechol_A(92)']);
    expect(pains('quinone')).toEqual(['quinone_A(370)']);
    const rhodanine = row('rhodanine').alerts!.find((a) => a.catalog === 'NIH');
    expect(rhodanine).toMatchObject({ catalog: 'NIH', name: 'rhodanine', atoms: [0, 1, 2, 3, 4, 11, 12, 13] });
    expect(row('quinone').alerts![0]!.bonds).toHaveLength(8);
  });

  it('leaves marketed drugs free of PAINS, keeping the Brenk remarks SwissADME also makes', () => {
    expect(pains('aspirin')).toEqual([]);
    expect(pains('imatinib')).toEqual([]);
    expect(row('aspirin').alerts!.map((a) => `${a.catalog}:${a.name}`)).toEqual(['Brenk:phenol_ester']);
    expect(row('caffeine').alerts).toEqual([]);
  });
});

describe('drug-likeness rules (SwissADME definitions)', () => {
  it('passes imatinib on Lipinski and names each criterion cyclosporin fails', () => {
    expect(row('imatinib').rules!.Lipinski).toEqual({ pass: true, violations: [] });
    expect(row('imatinib').rules!.Ghose).toEqual({ pass: false, violations: ['MW 493.62 > 480', 'MR 146.89 > 130'] });
    const cyclosporin = row('cyclosporin').rules!;
    expect(cyclosporin.Lipinski).toEqual({ pass: false, violations: ['MW 1202.63 > 500', 'N+O 23 > 10'] });
    expect(cyclosporin.Veber.violations).toEqual(['rotatable bonds 15 > 10', 'TPSA 278.8 > 140']);
    expect(cyclosporin.Egan.violations).toEqual(['TPSA 278.8 > 131.6']);
  });

  it('lets Lipinski pass one violation but no other rule', () => {
    expect(row('amprenavir').rules!.Lipinski).toEqual({ pass: true, violations: ['MW 505.64 > 500'] });
    expect(row('caffeine').rules!.Muegge).toEqual({ pass: false, violations: ['MW 194.19 < 200'] });
    expect(Object.values(row('diazepam').rules!).every((r) => r.pass)).toBe(true);
  });
});

describe('BOILED-Egg (Daina & Zoete 2016)', () => {
  it('puts CNS drugs in the yolk, caffeine in the white and a sugar outside, from WLOGP and TPSA without S/P', () => {
    expect(row('diazepam').boiled_egg).toEqual({ wlogp: 3.15, tpsa: 32.67, region: 'yolk' });
    expect(row('caffeine').boiled_egg).toEqual({ wlogp: -1.03, tpsa: 61.82, region: 'white' });
    expect(row('imatinib').boiled_egg!.region).toBe('white');
    expect(row('lactulose').boiled_egg!.region).toBe('outside');
    // The rhodanine's thiocarbonyl sulphur adds nothing to SwissADME's TPSA.
    expect(row('rhodanine').boiled_egg!.tpsa).toBe(29.1);
  });
});

describe('admet.csv', () => {
  const at = (name: Name, column: string) => csvLines.find((l) => l.includes(`,${name},`))!.split(',')[csvLines[0]!.split(',').indexOf(column)];

  it('counts alerts and rule violations per molecule', () => {
    expect(csvLines[0]!.split(',')).toContain('alerts');
    expect(at('rhodanine', 'alerts')).toBe('4');
    expect(at('diazepam', 'rule_violations')).toBe('0');
    expect(at('cyclosporin', 'rule_violations')).toBe('11');
  });

  it('names the endpoints with a red and an amber verdict', () => {
    for (const name of ['caffeine', 'cyclosporin'] as const) {
      const verdicts = row(name).verdicts ?? {};
      const named = (verdict: string) => Object.keys(verdicts).filter((k) => verdicts[k] === verdict).join(';');
      expect(at(name, 'unfavourable')).toBe(named('red'));
      expect(at(name, 'caution')).toBe(named('amber'));
    }
    expect(at('cyclosporin', 'unfavourable')).not.toBe('');
  });
});
