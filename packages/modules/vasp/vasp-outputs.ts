/** Readers of what VASP writes: OUTCAR, OSZICAR and vasprun.xml, each tolerant of a run cut short. */

/** One ionic step as OSZICAR logs it: free energy F, energy(sigma->0) E0, its change dE and the magnetisation (eV, μB). */
export interface IonicStep {
  step: number;
  free_energy: number;
  e0: number | null;
  de: number | null;
  mag: number | null;
}

const value = (text: string | undefined): number | null => {
  if (text === undefined) return null;
  const n = Number(text.replace(/[dD]/, 'e'));
  return Number.isFinite(n) ? n : null;
};

/** OSZICAR's ionic steps: the lines `N F= … E0= … d E =… mag= …` (MD lines add T=, E=, EK=). */
export function readOszicar(text: string): IonicStep[] {
  const steps: IonicStep[] = [];
  for (const line of text.split(/\r?\n/)) {
    const step = /^\s*(\d+)\s+.*?\bF=\s*(\S+)/.exec(line);
    const free = value(step?.[2]);
    if (!step || free === null) continue;
    steps.push({
      step: Number(step[1]),
      free_energy: free,
      e0: value(/\bE0=\s*(\S+)/.exec(line)?.[1]),
      de: value(/\bd E\s*=\s*(\S+)/.exec(line)?.[1]),
      mag: value(/\bmag=\s*(\S+)/.exec(line)?.[1]),
    });
  }
  return steps;
}

/** What an OUTCAR says of the run's end: energies of the last ionic step, its largest force and both convergences. */
export interface OutcarSummary {
  version: string | null;
  /** `free  energy   TOTEN`, eV. */
  free_energy: number | null;
  energy_without_entropy: number | null;
  /** `energy(sigma->0)`, eV. */
  energy_sigma0: number | null;
  /** Largest |F| on an atom in the last TOTAL-FORCE block, eV/Å. */
  max_force: number | null;
  atoms_with_forces: number;
  /** The last ionic step's electronic loop: true when EDIFF was reached, false when VASP said it was not. */
  electronic_converged: boolean | null;
  /** `reached required accuracy`: the relaxation met EDIFFG. */
  reached_required_accuracy: boolean;
  ionic_steps: number;
}

const lastMatch = (text: string, pattern: RegExp): RegExpExecArray | null => {
  let found: RegExpExecArray | null = null;
  for (const match of text.matchAll(pattern)) found = match;
  return found;
};

export function readOutcar(text: string): OutcarSummary {
  const energy = lastMatch(text, /free\s+energy\s+TOTEN\s*=\s*(\S+)/g);
  const sigma = lastMatch(text, /energy\s+without\s+entropy\s*=\s*(\S+)\s+energy\(sigma->0\)\s*=\s*(\S+)/g);
  const electronic = lastMatch(text, /aborting loop (because EDIFF is reached|EDIFF was not reached)/g);
  const forces = forcesBlock(text);
  return {
    version: /^\s*(vasp\.\S+.*?)\s*$/m.exec(text)?.[1] ?? null,
    free_energy: value(energy?.[1]),
    energy_without_entropy: value(sigma?.[1]),
    energy_sigma0: value(sigma?.[2]),
    max_force: forces.length ? Math.max(...forces.map(([x, y, z]) => Math.hypot(x, y, z))) : null,
    atoms_with_forces: forces.length,
    electronic_converged: electronic ? electronic[1] === 'because EDIFF is reached' : null,
    reached_required_accuracy: /reached required accuracy/.test(text),
    ionic_steps: [...text.matchAll(/FREE ENERGIE OF THE ION-ELECTRON SYSTEM/g)].length,
  };
}

/** The forces of the last `POSITION … TOTAL-FORCE (eV/Angst)` table: columns 4–6 of each row. */
function forcesBlock(text: string): [number, number, number][] {
  const start = text.lastIndexOf('TOTAL-FORCE');
  if (start < 0) return [];
  const rows = text.slice(start).split(/\r?\n/).slice(2);
  const forces: [number, number, number][] = [];
  for (const row of rows) {
    const cells = row.trim().split(/\s+/).map(Number);
    if (cells.length < 6 || !cells.every(Number.isFinite)) break;
    forces.push([cells[3]!, cells[4]!, cells[5]!]);
  }
  return forces;
}

/** What vasprun.xml says: the version, and per ionic step (`<calculation>`) its final energies. */
export interface VasprunSummary {
  version: string | null;
  calculations: { e_fr_energy: number | null; e_wo_entrp: number | null; e_0_energy: number | null }[];
}

/** Read with patterns, not an XML parser, so that a file cut short by a stopped run still gives its finished steps. */
export function readVasprun(text: string): VasprunSummary {
  const energy = (chunk: string, name: string) => value(lastMatch(chunk, new RegExp(`<i name="${name}">\\s*(\\S+)\\s*</i>`, 'g'))?.[1]);
  const calculations = text
    .split('<calculation>')
    .slice(1)
    .filter((chunk) => chunk.includes('</calculation>'))
    .map((chunk) => chunk.slice(0, chunk.indexOf('</calculation>')))
    .map((chunk) => ({ e_fr_energy: energy(chunk, 'e_fr_energy'), e_wo_entrp: energy(chunk, 'e_wo_entrp'), e_0_energy: energy(chunk, 'e_0_energy') }));
  return { version: /<i name="version"[^>]*>\s*([^<]*?)\s*<\/i>/.exec(text)?.[1] ?? null, calculations };
}
