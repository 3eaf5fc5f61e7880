import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/endpoints.ts';
import type { ProteinSource } from './ProteinSourceField.tsx';

/** The structure's text for the browser detector, from whichever source the radio names. */
export async function proteinText(source: ProteinSource): Promise<string | null> {
  if (source.type === 'file') return (await source.files.uploads[0]?.text()) ?? null;
  if (source.type === 'cos') return source.files.dataCenter[0] ? api.files.text(source.files.dataCenter[0].id) : null;
  if (source.type === 'rcsb') return source.pdbId.trim() ? api.protein.pdbText(source.pdbId.trim()) : null;
  return source.uniprotId.trim() ? api.protein.alphafoldText(source.uniprotId.trim()) : null;
}

/** What identifies the chosen structure (a file, a data-center id, an archive id), or a falsy value while the source is incomplete. */
export function proteinKey(source: ProteinSource): string | number | false | undefined {
  return source.type === 'file'
    ? source.files.uploads[0] && `${source.files.uploads[0].name}:${source.files.uploads[0].size}:${source.files.uploads[0].lastModified}`
    : source.type === 'cos'
      ? source.files.dataCenter[0]?.id
      : source.type === 'rcsb'
        ? source.pdbId.trim().length === 4 && source.pdbId.trim().toUpperCase()
        : source.uniprotId.trim().length === 6 && source.uniprotId.trim().toUpperCase();
}

/** The chosen protein's text once its source is complete, for the 3D view (and the browser detector). */
export function useProteinText(source: ProteinSource) {
  const key = proteinKey(source);
  return useQuery({ queryKey: ['protein', 'text', source.type, key], queryFn: () => proteinText(source), enabled: Boolean(key), staleTime: Infinity, retry: false });
}
