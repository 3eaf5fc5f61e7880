/**
 * @yunyao/pockets: geometric pocket detection (fpocket-style alpha spheres) in plain
 * TypeScript. No Node APIs here, so the package bundles into a browser Web Worker;
 * Node-only file reading lives in `@yunyao/pockets/node`.
 */
export { describePockets, scorePocket, druggability, DEFAULT_OPTIONS } from './detect.ts';
export { detectPockets, detectPocketsInProtein } from './rank.ts';
export type { Pocket, PocketSphere, PocketOptions, UnrankedPocket, DescribedPockets } from './detect.ts';
export { FEATURE_NAMES } from './features.ts';
export { POCKET_RESCORER, predictLigandSite, treeEnsemble } from './rescore.ts';
export type { TreeEnsemble, RegressionTree } from './rescore.ts';
export { parsePdb } from './pdb.ts';
export type { ParsedPdb, ProteinAtoms, HeteroAtom } from './pdb.ts';
export { pocketsToPqr } from './pqr.ts';
export { delaunay3 } from './delaunay.ts';
export type { Tessellation } from './delaunay.ts';
