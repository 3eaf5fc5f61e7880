import { useQuery } from '@tanstack/react-query';
import { previewEndpoint } from '@yunyao/contract/api';
import { pharmerForm, pharmerPreview } from '@yunyao/modules/forms/pharmer';
import { call } from '../../api/client.ts';
import type { PosedLigands } from '../../components/module-page/PosedLigandField.tsx';
import { referenceKey, referenceTexts } from './reference-ligands.ts';

const queryEndpoint = previewEndpoint({ route: pharmerForm.route, preview: pharmerPreview });

/**
 * The query the task would build, from the protein on the page and the chosen reference ligand(s):
 * built on the server (`POST /api/pharmer/preview`) as soon as both are there, and again when either
 * changes. A reason the server gives (an unreadable reference, one far from the protein) is the
 * error, shown beside the query rather than as a toast.
 */
export function usePharmacophoreQuery(protein: { key: string; text: string } | null, reference: PosedLigands) {
  const references = referenceKey(reference);
  return useQuery({
    queryKey: ['pharmer', 'query', protein?.key, reference.type, references],
    enabled: Boolean(protein && references),
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => call(queryEndpoint, { body: { protein: protein!.text, references: await referenceTexts(reference) } }, { signal, silent: true }),
  });
}
