import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import type { PharmacophoreQuery } from '@yunyao/modules/forms/pharmer';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { PoseScene } from '../../components/PoseScene.tsx';
import { sdfRecords, sdProperty } from '../../components/sdf/poses.ts';
import { querySpheres } from './pharmacophore-style.ts';
import './pharmer.i18n.ts';

const VIEW_HEIGHT = 380;

/** The task's receptor and its aligned hits by ID (hits.sdf, the `ID` property as docking's poses). */
function useHitStructures(taskId: number) {
  return useQuery({
    queryKey: ['tasks', 'pharmer-structures', taskId],
    staleTime: Infinity,
    queryFn: async () => {
      const files = await api.tasks.files(taskId);
      const key = (name: string) => files.outputs.find((f) => f.name === name)?.file;
      const [hitsKey, proteinKey] = [key('hits.sdf'), key('protein.pdb')];
      if (!hitsKey || !proteinKey) return null;
      const [sdf, pdb] = await Promise.all([api.tasks.fileText(taskId, hitsKey), api.tasks.fileText(taskId, proteinKey)]);
      const hits = new Map(sdfRecords(sdf).flatMap((r) => (sdProperty(r, 'ID') ? [[sdProperty(r, 'ID')!, r] as const] : [])));
      return { pdb, hits };
    },
  });
}

/** The selected hit, aligned in the receptor frame, over the query's features and the reference ligand. */
export function PharmerHitView({ taskId, hitId, query }: { taskId: number; hitId: string | null; query: PharmacophoreQuery | null }) {
  const { t } = useTranslation('pharmer');
  const structures = useHitStructures(taskId);
  const hit = hitId ? structures.data?.hits.get(hitId) : undefined;
  const spheres = useMemo(() => (query ? querySpheres(query, query.features.filter((f) => f.enabled).map((f) => f.id), false) : []), [query]);
  const scene = structures.data && hit ? { pdb: structures.data.pdb, ligand: hit, reference: query?.reference.molblock, spheres } : null;
  return (
    <div data-testid="pharmer-hit-view">
      <div style={{ display: 'flex', gap: 8, minHeight: 32, alignItems: 'center', marginBottom: 8 }}>
        <Typography.Text strong>{t('hitView')}</Typography.Text>
        {hitId && <Typography.Text type="secondary">{hitId}</Typography.Text>}
      </div>
      <PoseScene scene={scene} loading={structures.isLoading} loadingText={t('hitsLoading')} emptyText={t('pickHit')} height={VIEW_HEIGHT} />
    </div>
  );
}
