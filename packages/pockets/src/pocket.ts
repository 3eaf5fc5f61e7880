/* The shapes of a found pocket, apart from the detector so that the feature builder it calls can name them too. */

export interface PocketSphere {
  x: number;
  y: number;
  z: number;
  /** Radius: distance from the centre to the 4 contact atom centres (Å). */
  radius: number;
  apolar: boolean;
  /** Fraction of rays from the centre that hit protein (0–1). */
  buriedness: number;
}

export interface Pocket {
  /** Rank, 1..n, best first. */
  id: number;
  /** `pocket<id>`. */
  name: string;
  /**
   * Ranking score (higher is better): the re-scorer's probability (0–1) that the pocket centre
   * lies within 4 Å of a bound ligand; the geometric `scorePocket` value when `rescorer` is null.
   */
  Score: number;
  /** Druggability estimate, 0–1 (logistic; formula in `druggability`). */
  Druggability: number;
  /** Number of alpha spheres in the pocket. */
  'Alpha Spheres': number;
  /** Barycentre of the alpha-sphere centres (Å). */
  center: [number, number, number];
  /** Axis-aligned extent of the alpha-sphere centres (Å); docking adds its own margin. */
  box: { center: [number, number, number]; size: [number, number, number] };
  /** Lining residues (the contact atoms of the spheres) as `chain:resname:resnum`, sorted. */
  residues: string[];
  /** Solvent-accessible surface of the lining atoms (Å², probe 1.4 Å). */
  totalSasa: number;
  polarSasa: number;
  apolarSasa: number;
  /** Monte Carlo volume (Å³) of the union of the alpha spheres minus atom van der Waals spheres. */
  volume: number;
  /** Mean number of apolar sphere neighbours (centre within the sphere's radius) per apolar sphere. */
  hydrophobicDensity: number;
  meanSphereRadius: number;
  /** Mean solvent access of the spheres: 1 − buriedness (0 buried … 1 open). */
  meanSphereSolventAccess: number;
  apolarSphereProportion: number;
  /** Mean Kyte–Doolittle hydropathy of the lining residues. */
  hydrophobicityScore: number;
  /** Mean residue volume of the lining residues (Zamyatnin, in units of 100 Å³). */
  volumeScore: number;
  /** Number of polar lining residues (S T N Q Y C H K R D E). */
  polarityScore: number;
  /** Net charge of the lining residues (K, R +1; D, E −1). */
  chargeScore: number;
  /** Percentage of N/O atoms among the lining atoms (0–100). */
  proportionPolarAtoms: number;
  /** Mean pairwise distance between sphere centres (Å). */
  alphaSphereDensity: number;
  /** Largest distance between two sphere centres (Å). */
  maxDistance: number;
  /** Mean B-factor of the lining atoms, min–max normalised over the protein (0–1). */
  flexibility: number;
  /** The pocket's alpha spheres (for the 3D view and `pocketsToPqr`). */
  spheres: PocketSphere[];
}

/** A pocket before ranking: every Pocket field but the rank and Score, with the geometric score. */
export type UnrankedPocket = Omit<Pocket, 'id' | 'name' | 'Score'> & { geometricScore: number };
