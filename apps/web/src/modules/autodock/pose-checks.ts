/** PoseBusters-style validity checks of the docked poses (python/yunyao/pose_checks.py). */

/** The checks, in the order python/yunyao/pose_checks.py runs them (names as in `pb_failed`). */
export const POSE_CHECKS = [
  'bond_lengths',
  'bond_angles',
  'internal_clash',
  'aromatic_flatness',
  'double_bond_flatness',
  'stereo',
  'protein_clash',
] as const;

export interface PoseCheckFields {
  /** The best pose passed every check; null: the check itself could not run (see pb_error). */
  pb_valid?: boolean | null;
  /** Names of the checks the best pose failed. */
  pb_failed?: string[];
  /** Each kept pose's flag, in the table's pose order. */
  pb_poses?: (boolean | null)[];
  pb_error?: string;
}

export type PoseCheckState = 'valid' | 'invalid' | 'unchecked' | 'none';

export function poseCheckState(row: PoseCheckFields): PoseCheckState {
  if (row.pb_valid === undefined) return 'none';
  if (row.pb_valid === null) return 'unchecked';
  return row.pb_valid ? 'valid' : 'invalid';
}

/** How many of the row's poses passed, of those checked. */
export function validPoses(row: PoseCheckFields): { valid: number; checked: number } {
  const flags = (row.pb_poses ?? []).filter((f): f is boolean => f !== null);
  return { valid: flags.filter(Boolean).length, checked: flags.length };
}
