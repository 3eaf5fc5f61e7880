import type { DataFile } from '@yunyao/contract';
import { DATA_FILE_TYPES, paramMessages, renderMessage, type DataFileType } from '@yunyao/contract';
import { extOf, type FileFieldSpec, type ModuleForm } from '@yunyao/modules/forms';

/** A file field's value: new uploads and data-center files, sent as `field` and `dataCenterField`. */
export interface PickedFiles {
  uploads: File[];
  dataCenter: DataFile[];
}

export const NO_FILES: PickedFiles = { uploads: [], dataCenter: [] };

export const countPicked = (picked: PickedFiles) => picked.uploads.length + picked.dataCenter.length;

/** Data-center types holding at least one extension this field accepts. */
export function dataCenterTypesFor(extensions: readonly string[]): DataFileType[] {
  return (Object.entries(DATA_FILE_TYPES) as [DataFileType, readonly string[]][])
    .filter(([, exts]) => exts.some((e) => extensions.includes(e)))
    .map(([type]) => type);
}

export const acceptsName = (extensions: readonly string[], name: string) => extensions.includes(`.${extOf(name)}`);

export function appendPicked(form: FormData, spec: Pick<FileFieldSpec, 'field' | 'dataCenterField'>, picked: PickedFiles): void {
  for (const file of picked.uploads) form.append(spec.field, file, file.name);
  if (spec.dataCenterField) for (const file of picked.dataCenter) form.append(spec.dataCenterField, String(file.id));
}

/**
 * The first params problem, in the page's language: the schema's own words are message ids of the
 * module's catalogue; a bound it gave no words for names the field and its limits in either language.
 */
export function paramsProblem(form: ModuleForm, values: Record<string, unknown>, english: boolean): string | null {
  const parsed = form.params.safeParse(values, paramMessages(english ? 'en' : 'zh'));
  if (parsed.success) return null;
  return renderMessage(parsed.error.issues[0]?.message ?? '', english ? 'en' : 'zh');
}
