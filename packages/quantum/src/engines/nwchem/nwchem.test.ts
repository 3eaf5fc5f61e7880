import { describe, expect, it } from 'vitest';
import { BASE_JOB, FORMALDEHYDE, WATER, fixture } from '../test-support.ts';
import { nwchemUnsupported } from './level.ts';
import { parseNwchem } from './parse.ts';
import { renderNwchem } from './render.ts';

/** The dplot block expected for water: a 3 Å margin on a 0.3 Å grid around the Crawford geometry. */
const dplot = (orbital: number, output: string) => [
  'dplot',
  '  vectors water.movecs',
  '  limitxyz',
  '    -3.867 3.867 26',
  '    -3.076 3.601 23',
  '    -3.000 3.000 20',
  '  spin total',
  `  orbitals view; 1; ${orbital}`,
  '  gaussian',
  `  output ${output}`,
  'end',
  'task dplot',
];

describe('NWChem input', () => {
  it('renders water HF/STO-3G single point exactly', () => {
    const rendered = renderNwchem(BASE_JOB, WATER, {});
    expect(rendered.argv).toEqual(['mpirun', '--allow-run-as-root', '--oversubscribe', '-np', '2', 'nwchem', 'input.nw']);
    expect(rendered.output).toBe('nwchem.out');
    expect(rendered.files['input.nw']).toBe(
      [
        'start water',
        'title "water HF/STO-3G"',
        'scratch_dir ./',
        'permanent_dir ./',
        'memory total 500 mb',
        'charge 0',
        'geometry units angstrom noautoz nocenter noautosym',
        '  O      0.00000000    -0.07579184     0.00000000',
        '  H      0.86681183     0.60143578     0.00000000',
        '  H     -0.86681183     0.60143578     0.00000000',
        'end',
        'basis cartesian',
        '  * library STO-3G',
        'end',
        'scf',
        '  rhf',
        '  singlet',
        'end',
        'task scf energy',
        ...dplot(5, 'homo.cube'),
        ...dplot(6, 'lumo.cube'),
        '',
      ].join('\n'),
    );
  });

  it('writes HOMO/LUMO cubes only for closed shells of light elements up to 30 atoms', () => {
    const text = (job: typeof BASE_JOB, geometry = WATER) => renderNwchem(job, geometry, {}).files['input.nw']!;
    expect(text({ ...BASE_JOB, charge: 2 })).toContain('orbitals view; 1; 4\n');
    expect(text({ ...BASE_JOB, method: 'MP2', multiplicity: 2, charge: 1 })).not.toContain('dplot');
    const iodide = { ...WATER, atoms: [{ element: 'I', x: 0, y: 0, z: 0 }] };
    expect(text({ ...BASE_JOB, charge: -1 }, iodide)).not.toContain('dplot');
    const chain = { ...WATER, atoms: Array.from({ length: 31 }, (_, i) => ({ element: 'H', x: i, y: 0, z: 0 })) };
    expect(text({ ...BASE_JOB, charge: 1 }, chain)).not.toContain('dplot');
  });

  it('renders DFT, solvent, NMR, TDDFT and OptFreq blocks', () => {
    const job = { ...BASE_JOB, task: 'OptFreq' as const, method: 'CAM-B3LYP' as const, basis: 'def2-SVP', solvent: 'Ethanol' as const, multiplicity: 3,
      properties: { ...BASE_JOB.properties, nmr: 'GIAO' as const, uvvis: { nroots: 5 } } };
    const text = renderNwchem(job, FORMALDEHYDE, {}).files['input.nw']!;
    expect(text).toContain('basis spherical\n  * library def2-SVP\nend');
    expect(text).toContain('dft\n  xc xcamb88 1.00 lyp 0.81 vwn_5 0.19 hfexch 1.00\n  cam 0.33 cam_alpha 0.19 cam_beta 0.46\n  odft\n  mult 3\n  mulliken\nend');
    expect(text).toContain('cosmo\n  dielec 24.55\nend');
    expect(text).toContain('property\n  shielding\nend');
    expect(text).toContain('tddft\n  nroots 5\n  notriplet\nend');
    expect(text.endsWith('task dft optimize\ntask dft freq\ntask dft property\ntask tddft energy\n')).toBe(true);
  });

  it('renders open-shell HF as UHF and MP2 with frozen core on one core', () => {
    const rendered = renderNwchem({ ...BASE_JOB, method: 'MP2', multiplicity: 2, charge: 1, cores: 1 }, WATER, {});
    expect(rendered.argv).toEqual(['nwchem', 'input.nw']);
    expect(rendered.files['input.nw']).toContain('scf\n  uhf\n  nopen 1\nend\nmp2\n  freeze atomic\nend\ntask mp2 energy\n');
  });

  it('explains what NWChem cannot run', () => {
    expect(nwchemUnsupported({ ...BASE_JOB, approximation: 'RIJCOSX' })?.zh).toBe('NWChem 不提供 RIJCOSX 近似，请将近似方法设为“无”，或由管理员配置 ORCA');
    expect(nwchemUnsupported({ ...BASE_JOB, approximation: 'RI-MP2' })?.en).toMatch(/does not provide the RI-MP2 approximation/);
    expect(nwchemUnsupported({ ...BASE_JOB, properties: { ...BASE_JOB.properties, nmr: 'CSGT' } })?.zh).toMatch(/只提供 GIAO/);
    expect(nwchemUnsupported({ ...BASE_JOB, properties: { ...BASE_JOB.properties, nmr: 'IGLO-II' } })?.en).toMatch(/GIAO only, not IGLO-II/);
    expect(nwchemUnsupported({ ...BASE_JOB, method: 'wB97X-D' })?.zh).toMatch(/不支持 ωB97X-D/);
    expect(nwchemUnsupported({ ...BASE_JOB, method: 'CCSD(T)', properties: { ...BASE_JOB.properties, uvvis: { nroots: 3 } } })).not.toBeNull();
    expect(nwchemUnsupported({ ...BASE_JOB, basis: 'madeup-basis' })?.zh).toMatch(/不认识基组/);
    expect(nwchemUnsupported({ ...BASE_JOB, method: 'M06-2X', basis: '6-311G**', solvent: 'Water' })).toBeNull();
  });
});

describe('NWChem output (real NWChem 7.0.2 runs in test-fixtures/nwchem)', () => {
  const parse = (name: string) => parseNwchem(fixture('nwchem', name)['nwchem.out']!);

  it('reads a HF single point', () => {
    const r = parse('water_hf_sto3g_sp');
    expect(r.engineVersion).toBe('7.0.2');
    expect(r.final_energy).toBeCloseTo(-74.942079928537, 9);
    expect(r.optimized).toBe(false);
    expect(r.geometry).toHaveLength(3);
    expect(r.orbitals?.homo).toBeCloseTo(-10.5468, 3);
    expect(r.orbitals?.gap).toBeGreaterThan(20);
    expect(r.dipole?.total).toBeCloseTo(1.534, 3);
    expect(r.mulliken?.map((m) => m.charge)).toEqual([-0.25, 0.13, 0.13].map((c) => expect.closeTo(c, 6)));
    expect(r.seconds).toBeGreaterThan(0);
  });

  it('reads a B3LYP single point with all orbitals, dipole and Mulliken charges', () => {
    const r = parse('formaldehyde_b3lyp_631gs_sp');
    expect(r.final_energy).toBeCloseTo(-114.500442121319, 9);
    expect(r.orbitals?.energies).toHaveLength(34);
    expect(r.orbitals?.energies.filter((o) => o.occupation === 2)).toHaveLength(8);
    expect(r.dipole?.z).toBeCloseTo(-2.180, 2);
    expect(r.mulliken?.[0]).toEqual({ index: 1, element: 'O', charge: expect.closeTo(-0.32, 6) });
  });

  it('reads an optimisation + frequencies without the translations and rotations', () => {
    const r = parse('formaldehyde_hf_sto3g_optfreq');
    expect(r.optimized).toBe(true);
    expect(r.final_energy).toBeCloseTo(-112.3543470086, 8);
    expect(r.geometry[0]?.z).toBeCloseTo(1.21787734, 6);
    expect(r.frequencies?.map((f) => f.frequency)).toEqual([1278.48, 1397.178, 1767.763, 2100.723, 3498.977, 3645.596]);
    expect(r.frequencies?.[1]?.intensity).toBeCloseTo(29.628, 3);
    expect(r.imaginary_count).toBe(0);
    expect(r.warnings).toEqual([]);
  });

  it('reads TDDFT roots with dipole oscillator strengths', () => {
    const r = parse('formaldehyde_b3lyp_def2svp_tddft');
    expect(r.excitations).toHaveLength(3);
    expect(r.excitations?.[0]).toEqual({ energy_ev: 4.01, wavelength_nm: expect.closeTo(309.19, 1), oscillator: 0 });
    expect(r.excitations?.[1]?.oscillator).toBeCloseTo(0.1422, 4);
    expect(r.final_energy).toBeCloseTo(-114.415326479273, 9);
  });

  it('reads GIAO shieldings per atom', () => {
    const r = parse('water_b3lyp_631gs_nmr');
    expect(r.nmr).toEqual([
      { index: 1, element: 'O', isotropic: 211.498, anisotropy: 17.0403 },
      { index: 2, element: 'H', isotropic: 27.7557, anisotropy: 10.2456 },
      { index: 3, element: 'H', isotropic: 27.7557, anisotropy: 10.2456 },
    ]);
  });

  it('reads the COSMO energy and the MP2 energy (not the SCF reference)', () => {
    expect(parse('water_hf_631gs_cosmo').final_energy).toBeCloseTo(-75.989174274611, 9);
    expect(parse('water_mp2_631gs_sp').final_energy).toBeCloseTo(-76.172994093779, 9);
  });

  it('rejects an output without a final energy', () => {
    expect(() => parseNwchem('nwchem branch = 7.0.2\n')).toThrow(/没有找到最终能量/);
  });
});
