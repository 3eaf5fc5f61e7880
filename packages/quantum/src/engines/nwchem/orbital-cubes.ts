/**
 * HOMO and LUMO on a coarse grid (Gaussian cube files) from NWChem's dplot module, for the 3D
 * isosurfaces of the result view. Only closed shells of light elements (all-electron bases, so
 * the HOMO is orbital N/2) and small molecules get them; dplot adds about a second there.
 */
import type { Geometry, QmJob } from '../../job.ts';
import { atomicNumber } from '../../periodic-table.ts';

export const ORBITAL_CUBES = { homo: 'homo.cube', lumo: 'lumo.cube' } as const;

/** Beyond this size the cubes would be large and slow to draw; the orbital diagram still shows the energies. */
export const MAX_CUBE_ATOMS = 30;
/** Krypton: heavier elements get ECPs in the def2 bases, which shift the orbital numbering. */
const MAX_ALL_ELECTRON_Z = 36;
/** Empty space around the atoms, Å: frontier orbitals of small molecules fade within it at the drawn isovalue. */
const MARGIN = 3;
/** Grid spacing, Å, coarsened for larger boxes so no axis has more than MAX_INTERVALS steps. */
const SPACING = 0.3;
const MAX_INTERVALS = 40;

/** The HOMO's 1-based orbital number, or null when this job gets no cubes. */
export function homoNumber(job: QmJob, geometry: Geometry): number | null {
  if (job.multiplicity !== 1 || geometry.atoms.length > MAX_CUBE_ATOMS) return null;
  const charges = geometry.atoms.map((a) => atomicNumber(a.element));
  if (charges.some((z) => z === 0 || z > MAX_ALL_ELECTRON_Z)) return null;
  const electrons = charges.reduce((sum, z) => sum + z, 0) - job.charge;
  return electrons > 0 && electrons % 2 === 0 ? electrons / 2 : null;
}

function gridLines(geometry: Geometry): string[] {
  return (['x', 'y', 'z'] as const).map((axis) => {
    const values = geometry.atoms.map((a) => a[axis]);
    const [low, high] = [Math.min(...values) - MARGIN, Math.max(...values) + MARGIN];
    const intervals = Math.min(MAX_INTERVALS, Math.ceil((high - low) / SPACING));
    return `    ${low.toFixed(3)} ${high.toFixed(3)} ${intervals}`;
  });
}

/** dplot blocks and tasks writing the HOMO and LUMO cubes after the last task; [] when this job gets none. */
export function orbitalCubeBlocks(job: QmJob, geometry: Geometry, movecs: string): string[] {
  const homo = homoNumber(job, geometry);
  if (homo === null) return [];
  const block = (orbital: number, output: string) =>
    ['dplot', `  vectors ${movecs}`, '  limitxyz', ...gridLines(geometry), '  spin total', `  orbitals view; 1; ${orbital}`, '  gaussian', `  output ${output}`, 'end', 'task dplot'].join('\n');
  return [block(homo, ORBITAL_CUBES.homo), block(homo + 1, ORBITAL_CUBES.lumo)];
}

/** The cube files a finished run left, by the side files' names. */
export function orbitalCubesWritten(sideFiles: Record<string, string>): typeof ORBITAL_CUBES | null {
  return ORBITAL_CUBES.homo in sideFiles && ORBITAL_CUBES.lumo in sideFiles ? ORBITAL_CUBES : null;
}
