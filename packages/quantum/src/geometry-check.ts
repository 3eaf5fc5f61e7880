import type { Bilingual } from './bilingual.ts';
import type { Geometry } from './job.ts';
import { atomicNumber, normaliseElement } from './periodic-table.ts';

/** Atoms closer than this (Å) are taken as a broken structure; the shortest real bond (H–H) is 0.74 Å. */
const MIN_DISTANCE = 0.4;

/**
 * Most atoms one molecule may have: beyond what any offered method finishes within the time
 * limit, and it bounds the pairwise overlap check below, which submission runs on every file.
 */
export const MAX_ATOMS = 1000;

/** Why a geometry cannot be given to an engine, or null. */
export function geometryProblem(geometry: Geometry): Bilingual | null {
  if (geometry.atoms.length === 0) return { zh: '结构中没有原子', en: 'The structure has no atoms' };
  if (geometry.atoms.length > MAX_ATOMS) {
    return { zh: `结构含 ${geometry.atoms.length} 个原子，超过上限 ${MAX_ATOMS} 个`, en: `The structure has ${geometry.atoms.length} atoms, more than the limit of ${MAX_ATOMS}` };
  }
  for (const [i, atom] of geometry.atoms.entries()) {
    if (!normaliseElement(atom.element)) return { zh: `第 ${i + 1} 个原子的元素“${atom.element}”无法识别`, en: `Atom ${i + 1}: unknown element "${atom.element}"` };
    if (![atom.x, atom.y, atom.z].every(Number.isFinite)) return { zh: `第 ${i + 1} 个原子的坐标不是有效数字`, en: `Atom ${i + 1} has non-numeric coordinates` };
  }
  for (let i = 0; i < geometry.atoms.length; i++) {
    for (let j = i + 1; j < geometry.atoms.length; j++) {
      const a = geometry.atoms[i]!;
      const b = geometry.atoms[j]!;
      const d = Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
      if (d < MIN_DISTANCE) {
        return {
          zh: `第 ${i + 1} 与第 ${j + 1} 个原子距离仅 ${d.toFixed(3)} Å，结构有重叠原子`,
          en: `Atoms ${i + 1} and ${j + 1} are only ${d.toFixed(3)} Å apart (overlapping atoms)`,
        };
      }
    }
  }
  return null;
}

/**
 * Whether a charge and multiplicity fit a molecule: an even electron count needs an odd
 * multiplicity and vice versa. An engine given a misfit stops with a cryptic error after it
 * started, so the forms and submission both refuse it first.
 */
export function electronParityProblem(geometry: Geometry, charge: number, multiplicity: number): Bilingual | null {
  const electrons = geometry.atoms.reduce((sum, atom) => sum + atomicNumber(atom.element), 0) - charge;
  if (electrons >= 0 && (electrons + multiplicity) % 2 === 1) return null;
  return {
    zh: `分子 ${geometry.name} 有 ${electrons} 个电子，与电荷 ${charge}、自旋多重度 ${multiplicity} 不相容，请检查。`,
    en: `molecule ${geometry.name} has ${electrons} electrons, which does not fit charge ${charge} and multiplicity ${multiplicity}.`,
  };
}
