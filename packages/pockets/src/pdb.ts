/**
 * Minimal PDB reader for pocket detection. Pure TypeScript, no Node APIs, so it
 * can run in a browser Web Worker.
 *
 * Rules:
 * - ATOM/HETATM records of the first model only (stops at the first ENDMDL);
 * - alternate locations: keeps the blank alt-loc and the first alt-loc letter seen
 *   for each residue; the other letters are dropped;
 * - hydrogens are dropped;
 * - protein atoms are those of standard amino-acid residues in ATOM records, plus
 *   common modified residues (MSE, SEP, …) that are peptide-bonded to the chain.
 *   Everything else (ligands, waters, ions, other hetero groups, amino acids written
 *   as HETATM) is kept apart in `hetero` (waters dropped) and never used by detection.
 */

export interface ProteinAtoms {
  /** Number of protein heavy atoms. */
  n: number;
  /** x,y,z interleaved, Å. */
  coords: Float64Array;
  /** B-factors. */
  bfactor: Float64Array;
  /** Element symbol, upper case (C, N, O, S, SE, …). */
  element: string[];
  /** Atom name, trimmed (CA, OG1, …). */
  atomName: string[];
  /** Residue index into `residues` for each atom. */
  residueIndex: Int32Array;
  /** Residues: chain, resname, resnum (with insertion code if any). */
  residues: { chain: string; resname: string; resnum: string }[];
}

export interface HeteroAtom {
  resname: string;
  chain: string;
  resnum: string;
  element: string;
  x: number;
  y: number;
  z: number;
}

export interface ParsedPdb {
  protein: ProteinAtoms;
  hetero: HeteroAtom[];
}

const STANDARD = new Set([
  'ALA', 'ARG', 'ASN', 'ASP', 'CYS', 'GLN', 'GLU', 'GLY', 'HIS', 'ILE', 'LEU', 'LYS', 'MET', 'PHE', 'PRO', 'SER', 'THR', 'TRP', 'TYR', 'VAL',
  // Ambiguous / force-field variants written as ATOM records.
  'ASX', 'GLX', 'SEC', 'PYL', 'HID', 'HIE', 'HIP', 'HSD', 'HSE', 'HSP', 'CYX', 'CYM', 'ASH', 'GLH', 'LYN',
]);

/** Modified amino acids that are part of the chain even when written as HETATM. */
const MODIFIED = new Set([
  'MSE', 'SEP', 'TPO', 'PTR', 'HYP', 'MLY', 'M3L', 'MLZ', 'CSO', 'CSD', 'CME', 'CSS', 'OCS', 'KCX', 'PCA', 'NLE', 'CGU', 'ALY', 'SCH', 'SCY',
  'CAS', 'CSX', 'TYS', 'MEN', 'FME', 'DAL', 'DLE', 'DVA', 'AIB', 'ABA', 'CXM', 'SMC', 'TRQ', 'TPQ', 'HIC', 'MHS', 'NEP', 'LYZ', 'SNC', 'CCS',
]);


/** The structure itself cannot be used (a line that does not parse, no protein atoms): the step refuses it as input, free. */
export class PdbInputError extends Error {}

function fail(lineNo: number, why: string, line: string): never {
  const shown = line.length > 80 ? `${line.slice(0, 80)}…` : line;
  throw new PdbInputError(`第 ${lineNo} 行无法解析：${why}（${JSON.stringify(shown)}）`);
}

const NUM = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

function elementOf(line: string, atomName: string): string {
  const col = line.length >= 78 ? line.slice(76, 78).trim().toUpperCase() : '';
  if (col && /^[A-Z]{1,2}$/.test(col)) return col;
  // Fall back on the atom name: columns 13-14 hold the element, right-justified.
  const raw = line.slice(12, 16);
  const two = raw.slice(0, 2).trim().toUpperCase().replace(/[^A-Z]/g, '');
  if (raw[0] !== ' ' && /^(SE|FE|ZN|MG|CL|BR|CA|NA|MN|CU|CO|NI)$/.test(two) && !/^[CNOSH]/.test(atomName.slice(1, 2))) return two;
  const first = atomName.replace(/^[0-9]+/, '').charAt(0).toUpperCase();
  return first || 'C';
}

/** Parses PDB text. Throws an Error naming the line when an ATOM/HETATM record is malformed. */
export function parsePdb(text: string): ParsedPdb {
  const lines = text.split(/\r?\n/);
  const coords: number[] = [];
  const bfac: number[] = [];
  const element: string[] = [];
  const atomName: string[] = [];
  const residueIndex: number[] = [];
  const residues: { chain: string; resname: string; resnum: string }[] = [];
  const residueKey = new Map<string, number>();
  const altChosen = new Map<string, string>();
  const hetero: HeteroAtom[] = [];
  const raw: { hetatm: boolean; resname: string; chain: string; resnum: string; name: string; el: string; x: number; y: number; z: number; line: string }[] = [];
  let sawModel = false;

  for (let li = 0; li < lines.length; li++) {
    const line = lines[li] as string;
    const rec = line.slice(0, 6);
    if (rec === 'ENDMDL') {
      if (sawModel || raw.length > 0) break;
      continue;
    }
    if (rec === 'MODEL ') {
      sawModel = true;
      continue;
    }
    const hetatm = rec === 'HETATM';
    if (rec !== 'ATOM  ' && !hetatm) continue;
    const lineNo = li + 1;
    if (line.length < 54) fail(lineNo, `${rec.trim()} 记录过短，缺少坐标列（需要至少 54 列，实际 ${line.length} 列）`, line);
    const xs = line.slice(30, 38);
    const ys = line.slice(38, 46);
    const zs = line.slice(46, 54);
    if (!NUM.test(xs) || !NUM.test(ys) || !NUM.test(zs)) fail(lineNo, '坐标（第 31–54 列）不是数字', line);
    const x = Number(xs);
    const y = Number(ys);
    const z = Number(zs);
    const name = line.slice(12, 16).trim();
    const alt = line.charAt(16);
    const resname = line.slice(17, 20).trim().toUpperCase();
    const chain = line.charAt(21).trim();
    const resnum = line.slice(22, 27).trim();
    if (!resname) fail(lineNo, '残基名（第 18–20 列）为空', line);
    if (!/^-?\d+[A-Za-z]?$/.test(resnum)) fail(lineNo, '残基编号（第 23–27 列）不是整数', line);
    const el = elementOf(line, name);
    if (el === 'H' || el === 'D') continue;
    if (alt !== ' ' && alt !== '') {
      const key = `${chain}|${resnum}|${resname}`;
      const chosen = altChosen.get(key);
      if (chosen === undefined) altChosen.set(key, alt);
      else if (chosen !== alt) continue;
    }
    raw.push({ hetatm, resname, chain, resnum, name, el, x, y, z, line });
  }

  // Classify. Standard residues in ATOM records are protein. Modified residues
  // (MSE, …) are protein only when peptide-bonded (C–N ≤ 1.75 Å) to the chain, so a
  // free or peptide-like hetero ligand made of e.g. D-amino acids stays a ligand.
  const resOf = new Map<string, number[]>();
  raw.forEach((a, i) => {
    const key = `${a.chain}|${a.resnum}|${a.resname}|${a.hetatm ? 1 : 0}`;
    let g = resOf.get(key);
    if (!g) resOf.set(key, (g = []));
    g.push(i);
  });
  const accepted = new Set<string>();
  const candidates: string[] = [];
  for (const [key, idx] of resOf) {
    const a = raw[idx[0]!]!;
    if (!a.hetatm && STANDARD.has(a.resname)) accepted.add(key);
    else if (MODIFIED.has(a.resname)) candidates.push(key);
  }
  if (candidates.length > 0) {
    const termini = (keys: Iterable<string>, which: 'C' | 'N'): { x: number; y: number; z: number }[] => {
      const out: { x: number; y: number; z: number }[] = [];
      for (const k of keys) for (const i of resOf.get(k)!) if (raw[i]!.name === which) out.push(raw[i]!);
      return out;
    };
    let changed = true;
    while (changed) {
      changed = false;
      const cs = termini(accepted, 'C');
      const ns = termini(accepted, 'N');
      for (const key of candidates) {
        if (accepted.has(key)) continue;
        const near = (p: { x: number; y: number; z: number }, list: { x: number; y: number; z: number }[]): boolean =>
          list.some((q) => (p.x - q.x) ** 2 + (p.y - q.y) ** 2 + (p.z - q.z) ** 2 <= 1.75 * 1.75);
        const atoms = resOf.get(key)!.map((i) => raw[i]!);
        const bonded = atoms.some((a) => (a.name === 'N' && near(a, cs)) || (a.name === 'C' && near(a, ns)));
        if (bonded) {
          accepted.add(key);
          changed = true;
        }
      }
    }
  }
  for (const a of raw) {
    const key = `${a.chain}|${a.resnum}|${a.resname}|${a.hetatm ? 1 : 0}`;
    if (!accepted.has(key)) {
      if (a.resname !== 'HOH' && a.resname !== 'WAT' && a.resname !== 'DOD') hetero.push({ resname: a.resname, chain: a.chain, resnum: a.resnum, element: a.el, x: a.x, y: a.y, z: a.z });
      continue;
    }
    const rkey = `${a.chain}|${a.resnum}|${a.resname}`;
    let ri = residueKey.get(rkey);
    if (ri === undefined) {
      ri = residues.length;
      residueKey.set(rkey, ri);
      residues.push({ chain: a.chain, resname: a.resname, resnum: a.resnum });
    }
    let b = 0;
    if (a.line.length >= 66) {
      const bs = a.line.slice(60, 66);
      if (NUM.test(bs)) b = Number(bs);
    }
    coords.push(a.x, a.y, a.z);
    bfac.push(b);
    element.push(a.el);
    atomName.push(a.name);
    residueIndex.push(ri);
  }
  return {
    protein: {
      n: element.length,
      coords: Float64Array.from(coords),
      bfactor: Float64Array.from(bfac),
      element,
      atomName,
      residueIndex: Int32Array.from(residueIndex),
      residues,
    },
    hetero,
  };
}
