import { api } from '../../api/endpoints.ts';
import type { PosedLigands } from '../../components/module-page/PosedLigandField.tsx';

/** A key that changes when the chosen reference files do (the query preview's cache key). */
export function referenceKey(source: PosedLigands): string {
  return source.type === 'file'
    ? source.files.uploads.map((f) => `${f.name}:${f.size}:${f.lastModified}`).join('|')
    : source.files.dataCenter.map((f) => f.id).join('|');
}

/** The reference ligands' names and text, read in the browser (uploads) or fetched (data center), for the preview. */
export async function referenceTexts(source: PosedLigands): Promise<{ name: string; text: string }[]> {
  if (source.type === 'file') return Promise.all(source.files.uploads.map(async (f) => ({ name: f.name, text: await f.text() })));
  return Promise.all(source.files.dataCenter.map(async (f) => ({ name: f.filename, text: await api.files.text(f.id) })));
}
