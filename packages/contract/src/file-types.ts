/**
 * Data-center file types without zod, so the web app can import them at runtime
 * without pulling the validation library into its bundle.
 */

/** Data-center file types and the extensions each accepts (spec document 2, section 5). */
export const DATA_FILE_TYPES = {
  protein: ['.pdb'],
  ligand: ['.sdf', '.mol2', '.pdb'],
  ligands: ['.zip'],
  pocket: ['.mol2'],
  fasta: ['.fasta'],
  smiles: ['.csv'],
} as const;
export type DataFileType = keyof typeof DATA_FILE_TYPES;

/**
 * Files past this size go up in slices of it, straight to object storage where the install has one
 * (spec document 1: "object-storage upload in 5 MB slices"): S3's least part size, 5 MiB.
 */
export const UPLOAD_SLICE_BYTES = 5 * 1024 * 1024;

const megabytes = (bytes: number) => `${Math.round((bytes / 2 ** 20) * 10) / 10} MB`;

/**
 * The spec's format refusal, naming the file and what is accepted, so the user need not guess;
 * the server and the web forms say it alike.
 */
export function fileFormatRefusal(name: string, extensions: readonly string[]): { zh: string; en: string } {
  return {
    zh: `文件格式错误,请确认文件格式并重新上传!（${name}：支持 ${extensions.join('、')}）`,
    en: `File format error: ${name} is not one of ${extensions.join(', ')}`,
  };
}

/** The size refusal with the limit. */
export function fileTooLargeRefusal(name: string, maxBytes: number): { zh: string; en: string } {
  return { zh: `文件 ${name} 过大（上限 ${megabytes(maxBytes)}）！`, en: `${name} is too large (limit ${megabytes(maxBytes)})` };
}
