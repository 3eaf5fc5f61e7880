import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { formatOfFileName, readStructure, StructureReadError, type StructureFormat, type StructureSummary } from './structure-reader.ts';
import type { PlatformFile } from './viewer-params.ts';

/** A structure the scene draws. `key` names it in selections and measurements. */
export interface LoadedStructure {
  key: string;
  name: string;
  format: StructureFormat;
  text: string;
  summary: StructureSummary;
}

/** One entry of the page's structure list: loading, drawn, or why it could not be. */
export interface StructureSlot {
  key: string;
  name: string;
  status: 'loading' | 'ready' | 'failed';
  structure?: LoadedStructure;
  error?: string;
}

interface Source {
  key: string;
  name: string;
  fetch: () => Promise<string>;
  format: (text: string) => StructureFormat;
}

/** A data-center file carries no extension here: a PDBQT shows itself by its torsion tree. */
const sniffFormat = (text: string): StructureFormat => (/^(ROOT|TORSDOF|BRANCH)/m.test(text) ? 'pdbqt' : 'pdb');

function platformSource(file: PlatformFile): Source {
  switch (file.kind) {
    case 'taskFile':
      return { key: `task:${file.taskId}:${file.file}`, name: file.file.split('/').pop() ?? file.file, fetch: () => api.tasks.fileText(file.taskId, file.file), format: () => formatOfFileName(file.file) };
    case 'dataFile':
      return { key: `file:${file.id}`, name: `#${file.id}`, fetch: () => api.files.text(file.id), format: sniffFormat };
    case 'pdbEntry':
      return { key: `pdb:${file.pdbId}`, name: file.pdbId, fetch: () => api.protein.pdbText(file.pdbId), format: () => 'pdb' };
  }
}

const keepOutcomes = (results: { data?: LoadedStructure; error: Error | null }[]) => results.map(({ data, error }) => ({ data, error }));

const pdbSource = (pdbId: string): Source => platformSource({ kind: 'pdbEntry', pdbId });

/**
 * The structures the viewer shows: the link's `url` file and PDB entries (fetched through the
 * platform, whose structure archive reads its local mirror first), then the user's uploads, read
 * in the browser. Every one is checked by the .pdb/.pdbqt reader before it reaches the scene.
 */
export function useViewerStructures(file: PlatformFile | null, pdbIds: readonly string[]) {
  const { t } = useTranslation('viewer');
  const reason = useCallback((err: unknown) => (err instanceof StructureReadError ? t(`read.${err.key}`, err.values) : err instanceof Error ? err.message : String(err)), [t]);
  const sources = useMemo(() => [...(file ? [platformSource(file)] : []), ...pdbIds.map(pdbSource)], [file, pdbIds]);
  const fetched = useQueries({
    queries: sources.map((source) => ({
      queryKey: ['viewer-structure', source.key],
      staleTime: Infinity,
      retry: false,
      queryFn: async (): Promise<LoadedStructure> => {
        const text = await source.fetch();
        return { key: source.key, name: source.name, format: source.format(text), text, summary: readStructure(text) };
      },
    })),
    // Re-run only when a query's outcome changes, so the scene is not rebuilt on every render.
    combine: keepOutcomes,
  });
  const [uploads, setUploads] = useState<LoadedStructure[]>([]);

  /** Reads a dropped or picked file; answers the reason it cannot be shown, or null. */
  const addUpload = useCallback(
    async (upload: File): Promise<string | null> => {
      try {
        const format = formatOfFileName(upload.name);
        const text = await upload.text();
        const structure = { key: `upload:${upload.name}:${upload.lastModified}:${upload.size}`, name: upload.name, format, text, summary: readStructure(text) };
        setUploads((current) => [...current.filter((u) => u.key !== structure.key), structure]);
        return null;
      } catch (err) {
        return t('fileFailed', { name: upload.name, reason: reason(err) });
      }
    },
    [reason, t],
  );
  const removeUpload = useCallback((key: string) => setUploads((current) => current.filter((u) => u.key !== key)), []);

  const slots: StructureSlot[] = [
    ...sources.map((source, i): StructureSlot => {
      const query = fetched[i]!;
      if (query.data) return { key: source.key, name: source.name, status: 'ready', structure: query.data };
      if (query.error) return { key: source.key, name: source.name, status: 'failed', error: t('loadFailed', { name: source.name, reason: reason(query.error) }) };
      return { key: source.key, name: source.name, status: 'loading' };
    }),
    ...uploads.map((structure): StructureSlot => ({ key: structure.key, name: structure.name, status: 'ready', structure })),
  ];
  const ready = useMemo(() => [...fetched.flatMap((f) => (f.data ? [f.data] : [])), ...uploads], [fetched, uploads]);
  return { slots, ready, addUpload, removeUpload };
}
