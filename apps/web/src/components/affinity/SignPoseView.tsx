import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { useTaskPoses } from '../sdf/useTaskPoses.ts';
import type { Box3D } from '../Structure3D.tsx';
import { PoseScene } from '../PoseScene.tsx';
import './affinity.i18n.ts';

const VIEW_HEIGHT = 360;
const SITE_NAME = 'site';

const POSE_FILES = { poses: 'poses.sdf', protein: 'protein_prepared.pdb' };

/** The selected ligand's scored pose in its binding site (receptor cartoon, site box, the pose). */
export function SignPoseView({ taskId, resultId }: { taskId: number; resultId: string | null }) {
  const { t } = useTranslation('affinity');
  const structures = useTaskPoses(taskId, POSE_FILES);
  const summary = useQuery({ queryKey: ['tasks', 'json', taskId], queryFn: () => api.tasks.json(taskId), staleTime: Infinity });
  const site = summary.data?.site as { center: [number, number, number]; size: [number, number, number] } | undefined;
  const pose = useMemo(() => (resultId ? structures.data?.poses.get(resultId) : undefined), [structures.data, resultId]);
  const boxes = useMemo((): Box3D[] => (site ? [{ name: SITE_NAME, center: site.center, size: site.size }] : []), [site]);
  const scene = structures.data && pose ? { pdb: structures.data.pdb, pockets: boxes, highlighted: [SITE_NAME], ligand: pose } : null;
  return (
    <div data-testid="sign-pose-view">
      <div style={{ display: 'flex', gap: 8, minHeight: 32, alignItems: 'center', marginBottom: 8 }}>
        <Typography.Text strong>{t('pose')}</Typography.Text>
        {resultId && <Typography.Text type="secondary">{resultId}</Typography.Text>}
      </div>
      <PoseScene scene={scene} loading={structures.isLoading} loadingText={t('posesLoading')} emptyText={t('pickRow')} height={VIEW_HEIGHT} />
    </div>
  );
}
