type ThreeDmol = typeof import('3dmol');

let loading: Promise<ThreeDmol> | null = null;

/** 3Dmol.js (about 600 kB) loads with the first structure drawn, once for every viewer. */
export const load3Dmol = (): Promise<ThreeDmol> => (loading ??= import('3dmol'));
