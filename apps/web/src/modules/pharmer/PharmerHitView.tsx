import { Typography } from 'antd';
import type { PharmacophoreQuery } from '@yunyao/modules/forms/pharmer';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PoseScene } from '../../components/PoseScene.tsx';
import { useTaskPoses } from '../../components/sdf/useTaskPoses.ts';
import { querySpheres } from './pharmacophore-style.ts';
import './pharmer.i18n.ts';

const VIEW_HEIGHT = 380;

const HIT_FILES = { poses: 'hits.sdf', protein: 'protein.pdb' };

/** The selected hit, aligned in the receptor frame, over the query's features and the reference ligand. */
export function PharmerHitView({ taskId, hitId, query }: { taskId: number; hitId: string | null; query: PharmacophoreQuery | null }) {
  const { t } = useTranslation('pharmer');
  const structures = useTaskPoses(taskId, HIT_FILES);
  const hit = hitId ? structures.data?.poses.get(hitId) : undefined;
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
