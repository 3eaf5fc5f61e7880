import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { sdfRecords, sdProperty } from '../sdf/poses.ts';
import type { Box3D } from '../Structure3D.tsx';
import { PoseScene } from '../PoseScene.tsx';
import './affinity.i18n.ts';

const VIEW_HEIGHT = 360;
const SITE_NAME = 'site';

/** The prepared receptor, each ligand's scored pose (by its `ID` property, as docking's poses) and the site box of a 3D affinity task. */
function useScoredPoses(taskId: number) {
  return useQuery({
    queryKey: ['tasks', 'sign-structures', taskId],
    staleTime: Infinity,
    queryFn: async () => {
      const [files, summary] = await Promise.all([api.tasks.files(taskId), api.tasks.json(taskId)]);
      const key = (name: string) => files.outputs.find((f) => f.name === name)?.file;
      const [posesKey, proteinKey] = [key('poses.sdf'), key('protein_prepared.pdb')];
      if (!posesKey || !proteinKey) return null;
      const [sdf, pdb] = await Promise.all([api.tasks.fileText(taskId, posesKey), api.tasks.fileText(taskId, proteinKey)]);
      const poses = new Map(sdfRecords(sdf).flatMap((r) => (sdProperty(r, 'ID') ? [[sdProperty(r, 'ID')!, r] as const] : [])));
      const site = summary?.site as { center: [number, number, number]; size: [number, number, number] } | undefined;
      const boxes: Box3D[] = site ? [{ name: SITE_NAME, center: site.center, size: site.size }] : [];
      return { pdb, poses, boxes };
    },
  });
}

/** The selected ligand's scored pose in its binding site (receptor cartoon, site box, the pose). */
export function SignPoseView({ taskId, resultId }: { taskId: number; resultId: string | null }) {
  const { t } = useTranslation('affinity');
  const structures = useScoredPoses(taskId);
  const pose = useMemo(() => (resultId ? structures.data?.poses.get(resultId) : undefined), [structures.data, resultId]);
  const scene = structures.data && pose ? { pdb: structures.data.pdb, pockets: structures.data.boxes, highlighted: [SITE_NAME], ligand: pose } : null;
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
