import type { FileFieldSpec } from '../types.ts';
import { MB } from './file-names.ts';

/** The spec's quantum upload: `xyzs[]`, .xyz only, at most 20 files, each under 20 MB. */
export const XYZ_FILE_FIELD: FileFieldSpec = {
  field: 'xyzs',
  extensions: ['.xyz'],
  min: 1,
  max: 20,
  maxBytes: 20 * MB,
  requiredMessage: { zh: '请提供有效的分子几何结构（XYZ）！', en: 'Please provide a valid molecular geometry (XYZ)!' },
};
