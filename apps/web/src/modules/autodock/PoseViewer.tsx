import { useQuery } from '@tanstack/react-query';
import { ExportOutlined } from '@ant-design/icons';
import { Button, Segmented, Switch, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import type { Box3D, Line3D } from '../../components/Structure3D.tsx';
import { PoseScene } from '../../components/PoseScene.tsx';
import { posesById } from '../../components/sdf/poses.ts';
import { taskFileUrl, viewerLink } from '../../pages/viewer/viewer-params.ts';
import { analysisOf, INTERACTION_TYPES, type InteractionsFile, type PoseAnalysis } from './interactions.ts';
import { InteractionList } from './InteractionList.tsx';
import './autodock.i18n.ts';

const VIEW_HEIGHT = 360;
const POSES_FILE = 'poses.sdf';
const PROTEIN_FILE = 'protein_prepared.pdb';
/** The receptor with the task's best pose (python/yunyao/autodock/dock.py). */
const COMPLEX_FILE = 'complex.pdb';
/** Written by tasks since PLIP joined the docking step; older tasks have none. */
const INTERACTIONS_FILE = 'interactions.json';

interface SiteBox {
  id: string;
  center: [number, number, number];
  size: [number, number, number];
}

/** The structures a docking result is drawn from: the prepared receptor, every pose with its interactions, and the docking boxes. */
function useDockingStructures(taskId: number) {
  return useQuery({
    queryKey: ['tasks', 'docking-structures', taskId],
    staleTime: Infinity,
    queryFn: async () => {
      const [files, summary] = await Promise.all([api.tasks.files(taskId), api.tasks.json(taskId)]);
      const key = (name: string) => files.outputs.find((f) => f.name === name)?.file;
      const [posesKey, proteinKey, interactionsKey] = [key(POSES_FILE), key(PROTEIN_FILE), key(INTERACTIONS_FILE)];
      if (!posesKey || !proteinKey) return null;
      const [sdf, pdb, interactions] = await Promise.all([
        api.tasks.fileText(taskId, posesKey),
        api.tasks.fileText(taskId, proteinKey),
        interactionsKey ? api.tasks.fileText(taskId, interactionsKey).then((text) => JSON.parse(text) as InteractionsFile) : null,
      ]);
      const boxes = ((summary?.siteBoxes as SiteBox[] | undefined) ?? []).map((s): Box3D => ({ name: s.id, center: s.center, size: s.size }));
      return { poses: posesById(sdf), pdb, proteinKey, complexKey: key(COMPLEX_FILE), boxes, interactions };
    },
  });
}

/** The pose's interactions as dashed lines from ligand to protein, labelled with the residue. */
function interactionLines(analysis: PoseAnalysis | undefined): Line3D[] {
  return (analysis?.interactions ?? []).flatMap((i) =>
    i.ligand && i.protein ? [{ from: i.ligand, to: i.protein, color: INTERACTION_TYPES[i.type], label: i.residue }] : [],
  );
}

/**
 * The selected ligand's poses in its pocket (protein cartoon, box, lining residues), with a
 * switch between poses, and each pose's interactions listed and drawn (switchable).
 */
export function PoseViewer({ taskId, resultId, bestId }: { taskId: number; resultId: string | null; bestId: string | null }) {
  const { t } = useTranslation('autodock');
  const structures = useDockingStructures(taskId);
  const poses = useMemo(() => (resultId ? (structures.data?.poses.get(resultId) ?? []) : []), [structures.data, resultId]);
  const [rank, setRank] = useState(1);
  useEffect(() => setRank(1), [resultId]);
  const pose = poses.find((p) => p.rank === rank) ?? poses[0];
  const [showInteractions, setShowInteractions] = useState(true);
  const analysis = pose ? analysisOf(structures.data?.interactions ?? null, pose.id, pose.rank) : undefined;
  const lines = useMemo(() => (showInteractions ? interactionLines(analysis) : []), [showInteractions, analysis]);

  const box = structures.data?.boxes.find((b) => b.name === pose?.pocket);
  // The complex holds the best molecule's first pose only; any other pose opens the receptor in its box.
  const data = structures.data;
  const viewerFile = data && (resultId === bestId && pose?.rank === 1 ? (data.complexKey ?? data.proteinKey) : data.proteinKey);
  const viewerHref = viewerFile
    ? viewerLink({ url: taskFileUrl(taskId, viewerFile), config: { cartoon: true, ligand: true, pocket: box ? { center: box.center, size: box.size } : true } })
    : null;
  const scene = structures.data && pose ? { pdb: structures.data.pdb, pockets: structures.data.boxes, highlighted: [pose.pocket], ligand: pose.molblock, lines } : null;

  return (
    <div data-testid="docking-pose-viewer">
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 32, marginBottom: 8, flexWrap: 'wrap' }}>
        <Typography.Text strong>{t('poses')}</Typography.Text>
        {pose && <Typography.Text type="secondary">{pose.id}</Typography.Text>}
        {poses.length > 1 && (
          <Segmented
            size="small"
            value={pose?.rank}
            onChange={(v) => setRank(Number(v))}
            options={poses.map((p) => ({ value: p.rank, label: <span title={`${p.score.toFixed(2)} kcal/mol`}>{`${p.rank}: ${p.score.toFixed(1)}`}</span> }))}
            data-testid="docking-pose-switch"
          />
        )}
        <span style={{ marginLeft: 'auto' }}>
          {viewerHref && (
            <Button size="small" type="link" icon={<ExportOutlined />} href={viewerHref} target="_blank" data-testid="docking-open-viewer">
              {t('openInViewer')}
            </Button>
          )}
          <Switch size="small" checked={showInteractions} onChange={setShowInteractions} data-testid="docking-interactions-toggle" />{' '}
          <Typography.Text type="secondary">{t('showInteractions')}</Typography.Text>
        </span>
      </div>
      <PoseScene scene={scene} loading={structures.isLoading} loadingText={t('posesLoading')} emptyText={t('pickRow')} height={VIEW_HEIGHT} />
      <Typography.Text strong style={{ display: 'block', marginTop: 8 }}>
        {t('interactions')}
      </Typography.Text>
      <InteractionList analysis={analysis} loading={structures.isLoading} />
    </div>
  );
}
