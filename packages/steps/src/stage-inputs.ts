import { mkdir, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';

/** A file placed in the task's scratch dir before the steps run. */
export interface StagedFile {
  /** Path relative to the scratch dir. */
  path: string;
  /** The name the user uploaded it under. */
  originalName: string;
}

export interface InputToStage {
  /** Form field, e.g. `input` or `ligands`. */
  field: string;
  /** Name the user uploaded it under. */
  name: string;
  content(): Promise<Buffer | string>;
}

/** Keeps a name recognisable in the scratch dir while making it safe for any engine's argv. */
export function stagedName(index: number, original: string): string {
  const ext = extname(original).toLowerCase().replace(/[^.a-z0-9]/g, '');
  const stem = basename(original, extname(original)).replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40) || 'file';
  return `${index}_${stem}${ext}`;
}

/** Writes the inputs as `inputs/<n>_<safe name>` under `workdir`, grouped by form field. */
export async function stageInputs(workdir: string, files: readonly InputToStage[]): Promise<Record<string, StagedFile[]>> {
  await mkdir(join(workdir, 'inputs'), { recursive: true });
  const staged: Record<string, StagedFile[]> = {};
  for (const [i, f] of files.entries()) {
    const path = join('inputs', stagedName(i, f.name));
    await writeFile(join(workdir, path), await f.content());
    (staged[f.field] ??= []).push({ path, originalName: f.name });
  }
  return staged;
}
