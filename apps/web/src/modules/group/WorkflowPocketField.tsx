import { AimOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProteinSource } from '../../components/module-page/ProteinSourceField.tsx';
import { useFormWarning } from '../../components/module-page/useFormWarning.ts';
import { proteinText } from '../../components/module-page/useProteinText.ts';
import { detectInWorker } from '../../components/pockets/detect-pockets.ts';
import { pocketPredictionProblem, submitPocketPrediction, TASK_FAILED, TASK_RUNNING, usePocketPrediction, type PredictedPocket } from '../../components/pockets/pocket-prediction.ts';
import { PredictedPocketTable } from '../../components/pockets/PredictedPocketTable.tsx';
import './group.i18n.ts';

/** The workflow's binding site as the form sends it (`pockets`). */
export interface WorkflowPocket {
  name: string;
  center: [number, number, number];
  size: [number, number, number];
}

export type PocketVariant = 'server' | 'browser';

/** Pockets predicted on the server (a `pocket` task, polled) or detected in the browser (a Web Worker), as on the docking pages. */
function usePocketFinder(variant: PocketVariant, protein: ProteinSource) {
  const { t, i18n } = useTranslation('workflow');
  const english = i18n.language === 'en';
  const warn = useFormWarning();
  const [pocketTask, setPocketTask] = useState<number | null>(null);
  const [browser, setBrowser] = useState<{ pockets: PredictedPocket[]; error?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const server = usePocketPrediction(pocketTask);

  async function findOnServer() {
    const problem = pocketPredictionProblem(protein, english);
    if (problem) return warn(problem);
    const taskId = await submitPocketPrediction(protein);
    if (taskId !== null) setPocketTask(taskId);
  }

  async function findInBrowser() {
    const pdb = await proteinText(protein).catch((err: Error) => {
      setBrowser({ pockets: [], error: err.message });
      return undefined;
    });
    if (pdb === undefined) return;
    if (!pdb) return warn(t('loadProtein'));
    setBrowser(await detectInWorker(pdb).then((pockets) => ({ pockets }), (err: Error) => ({ pockets: [], error: err.message })));
  }

  async function find() {
    setBusy(true);
    try {
      await (variant === 'server' ? findOnServer() : findInBrowser());
    } finally {
      setBusy(false);
    }
  }

  if (variant === 'server') {
    const failed = server.task?.status === TASK_FAILED ? (server.task.result ?? '') : null;
    return { find, pockets: server.pockets, running: busy || server.task?.status === TASK_RUNNING, failed };
  }
  return { find, pockets: browser?.pockets ?? [], running: busy, failed: browser?.error ?? null };
}

/**
 * The workflow's binding site: one pocket picked from the predicted ones. Docking steps dock into it,
 * later steps score in it; without one, docking goes blind and the box around the poses is used.
 */
export function WorkflowPocketField({ variant, protein, onChange }: { variant: PocketVariant; protein: ProteinSource; onChange: (pocket: WorkflowPocket | null) => void }) {
  const { t } = useTranslation('workflow');
  const finder = usePocketFinder(variant, protein);
  const [selected, setSelected] = useState<number | null>(null);

  function pick(ids: number[]) {
    const pocket = finder.pockets.find((p) => p.id === ids[0]);
    setSelected(pocket?.id ?? null);
    onChange(pocket ? { name: pocket.name, center: pocket.box.center, size: pocket.box.size } : null);
  }

  function find() {
    pick([]);
    void finder.find();
  }

  return (
    <Form.Item label={t('pocket')} tooltip={t('pocketTooltip')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button icon={<AimOutlined />} onClick={find} loading={finder.running} data-testid="workflow-predict">
          {t(variant === 'server' ? 'predict' : 'analyse')}
        </Button>
        {finder.failed !== null ? (
          <Alert type="error" showIcon title={t('predictFailed', { reason: finder.failed })} />
        ) : finder.pockets.length > 0 ? (
          <PredictedPocketTable pockets={finder.pockets} selected={selected === null ? [] : [selected]} onSelect={pick} selection="radio" testId="workflow-pockets" />
        ) : (
          <Typography.Text type="secondary">{t(finder.running ? 'predicting' : variant === 'server' ? 'predictHint' : 'analyseHint')}</Typography.Text>
        )}
      </Space>
    </Form.Item>
  );
}
