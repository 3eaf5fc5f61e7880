import { AimOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, InputNumber, Space, Typography } from 'antd';
import { autodockForm, BLIND_POCKETS, DOCKING_LIMITS, heteroGroups, MAX_BOX_EDGE } from '@yunyao/modules/forms/autodock';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../api/client.ts';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import {
  appendMoleculeSource,
  EMPTY_MOLECULE_SOURCE,
  MoleculeSourceField,
  moleculeSourceWarning,
  type MoleculeSource,
} from '../../components/module-page/MoleculeSourceField.tsx';
import { appendProteinSource, EMPTY_PROTEIN_SOURCE, ProteinSourceField, proteinSourceWarning, type ProteinSource } from '../../components/module-page/ProteinSourceField.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { paramsProblem } from '../../components/module-page/picked-files.ts';
import { useFormWarning } from '../../components/module-page/useFormWarning.ts';
import type { Box3D } from '../../components/Structure3D.tsx';
import { BlindPocketsInput } from './BlindPocketsInput.tsx';
import { HeteroGroupsField } from './HeteroGroupsField.tsx';
import { proteinText, useProteinText } from '../../components/module-page/useProteinText.ts';
import { PredictedPocketTable } from '../../components/pockets/PredictedPocketTable.tsx';
import { detectInWorker } from '../../components/pockets/detect-pockets.ts';
import { pocketPredictionProblem, submitPocketPrediction, TASK_FAILED, TASK_RUNNING, usePocketPrediction, type PredictedPocket } from '../../components/pockets/pocket-prediction.ts';
import './autodock.i18n.ts';

const Structure3D = lazy(() => import('../../components/Structure3D.tsx'));

type Box = { center: [number, number, number]; size: [number, number, number] };
const AXES = ['x', 'y', 'z'] as const;

/**
 * The docking form of both pages: protein from any source, pockets predicted on the
 * server (`/calculate/docking`) or detected in the browser (`/calculate/molecules`,
 * submitted to the v2 path), ligands docked by Vina.
 */
export function DockingForm({ variant }: { variant: 'server' | 'browser' }) {
  const { t, i18n } = useTranslation('autodock');
  const warn = useFormWarning();
  const submitTo = variant === 'browser' ? { ...autodockForm, route: autodockForm.aliases![0]! } : autodockForm;
  const [browserPockets, setBrowserPockets] = useState<{ pockets: PredictedPocket[]; error?: string } | null>(null);
  const [protein, setProtein] = useState<ProteinSource>(EMPTY_PROTEIN_SOURCE);
  const [molecules, setMolecules] = useState<MoleculeSource>(EMPTY_MOLECULE_SOURCE);
  const [pocketTask, setPocketTask] = useState<number | null>(null);
  const [predicting, setPredicting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [manual, setManual] = useState(false);
  const [blind, setBlind] = useState(false);
  const [blindPockets, setBlindPockets] = useState<number>(BLIND_POCKETS.default);
  const [box, setBox] = useState<Box>({ center: [0, 0, 0], size: [20, 20, 20] });
  const [params, setParams] = useState({ accuracy: DOCKING_LIMITS.accuracy.default, posture: DOCKING_LIMITS.posture.default, filter: DOCKING_LIMITS.filter.default });
  const server = usePocketPrediction(pocketTask);
  const task = variant === 'server' ? server.task : undefined;
  const pockets = variant === 'server' ? server.pockets : (browserPockets?.pockets ?? []);
  const english = i18n.language === 'en';
  const proteinQuery = useProteinText(protein);
  const proteinPdb = proteinQuery.data ?? null;
  const groups = useMemo(() => (proteinPdb ? heteroGroups(proteinPdb) : null), [proteinPdb]);
  // The user's ticks for the structure loaded now; until they tick, the preselected groups.
  const [ticked, setTicked] = useState<{ pdb: string; names: string[] } | null>(null);
  const keepHetero = ticked && ticked.pdb === proteinPdb ? ticked.names : (groups ?? []).filter((g) => g.preselected).map((g) => g.name);
  const shownBoxes: Box3D[] = blind ? [] : manual ? [{ name: 'manual', ...box }] : pockets.map((p) => ({ name: p.name, center: p.box.center, size: p.box.size }));
  const highlighted = manual ? ['manual'] : pockets.filter((p) => selected.includes(p.id)).map((p) => p.name);
  /** Blind docking replaces the site choice: the server finds the pockets. */
  const site = blind ? { blind: true, blind_pockets: blindPockets } : manual
    ? { center_x: box.center[0], center_y: box.center[1], center_z: box.center[2], size_x: box.size[0], size_y: box.size[1], size_z: box.size[2] }
    : { pockets: pockets.filter((p) => selected.includes(p.id)).map((p) => ({ name: p.name, center: p.box.center, size: p.box.size })) };

  async function analyse() {
    setPredicting(true);
    try {
      // The 3D view has usually loaded the structure already; fetch it only when it has not.
      const loaded = proteinQuery.data;
      const pdb = loaded !== undefined ? loaded : await proteinText(protein).catch((err: Error) => {
        setBrowserPockets({ pockets: [], error: err.message });
        return undefined;
      });
      if (pdb === undefined) return;
      if (!pdb) return warn(t('loadProtein'));
      setSelected([]);
      setBrowserPockets(await detectInWorker(pdb).then((found) => ({ pockets: found }), (err: Error) => ({ pockets: [], error: err.message })));
    } finally {
      setPredicting(false);
    }
  }

  function downloadTicked() {
    const ticked = pockets.filter((p) => selected.includes(p.id));
    if (!ticked.length) return warn(t('tickToDownload'));
    saveBlob(new Blob([JSON.stringify(ticked, null, 1)], { type: 'application/json' }), 'pockets.json');
  }

  async function predict() {
    const problem = pocketPredictionProblem(protein, english);
    if (problem) return warn(problem);
    setPredicting(true);
    const taskId = await submitPocketPrediction(protein);
    setPredicting(false);
    if (taskId === null) return;
    setSelected([]);
    setPocketTask(taskId);
  }

  function draft(): ModuleDraft {
    const values = {
      protein_source: protein.type,
      pdb_id: protein.pdbId,
      uniprod_id: protein.uniprotId,
      mole_type: molecules.type,
      molecules: molecules.text,
      mole_query: molecules.query,
      ...params,
      ...site,
      keep_hetero: keepHetero,
    };
    const problem = proteinSourceWarning(protein, english) ?? moleculeSourceWarning(molecules, english) ?? paramsProblem(autodockForm, values, english);
    return draftOf(problem, () => {
      const body = new FormData();
      appendProteinSource(body, autodockForm.proteinSource!, protein);
      appendMoleculeSource(body, autodockForm.moleculeSource!, molecules);
      body.set('keep_hetero', keepHetero.join(','));
      for (const [key, value] of Object.entries({ ...params, ...site })) {
        if (Array.isArray(value)) for (const pocket of value) body.append('pockets[]', JSON.stringify(pocket));
        else body.set(key, String(value));
      }
      return body;
    });
  }

  // The library filter stays as set: it is the same screen's query, not a one-off entry.
  const boxInput = (kind: 'center' | 'size', i: number) => (
    <InputNumber
      key={`${kind}-${i}`}
      addonBefore={`${kind === 'center' ? 'XYZ' : 'WHL'}`[i]}
      value={box[kind][i]}
      min={kind === 'size' ? 1 : undefined}
      max={kind === 'size' ? MAX_BOX_EDGE : undefined}
      step={0.5}
      onChange={(v) => setBox((b) => ({ ...b, [kind]: b[kind].map((x, j) => (j === i ? Number(v ?? 0) : x)) }))}
      style={{ width: 130 }}
      data-testid={`docking-${kind}-${AXES[i]}`}
    />
  );

  return (
    <ModulePage form={autodockForm}>
      <ModuleFormLayout form={submitTo} draft={draft()}>
        <ProteinSourceField spec={autodockForm.proteinSource!} value={protein} onChange={setProtein} testId="docking-protein" />
        {proteinPdb && (
          <Form.Item label={t('view3d')}>
            <Suspense fallback={<div style={{ height: 380 }} />}>
              <Structure3D pdb={proteinPdb} pockets={shownBoxes} highlighted={highlighted} />
            </Suspense>
          </Form.Item>
        )}
        <HeteroGroupsField
          groups={groups}
          loading={proteinQuery.isFetching}
          value={keepHetero}
          onChange={(names) => proteinPdb && setTicked({ pdb: proteinPdb, names })}
        />
        <Form.Item label={t('site')} required>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Button
                icon={<AimOutlined />}
                onClick={() => void (variant === 'server' ? predict() : analyse())}
                loading={predicting || task?.status === TASK_RUNNING}
                disabled={manual || blind}
                data-testid="docking-predict"
              >
                {t(variant === 'server' ? 'predict' : 'analyse')}
              </Button>
              {variant === 'browser' && (
                <Button icon={<DownloadOutlined />} onClick={downloadTicked} disabled={manual || blind} data-testid="docking-download-pockets">
                  {t('downloadPockets')}
                </Button>
              )}
              <Checkbox checked={manual} disabled={blind} onChange={(e) => setManual(e.target.checked)} data-testid="docking-manual">
                {t('manualBox')}
              </Checkbox>
              <Checkbox checked={blind} onChange={(e) => setBlind(e.target.checked)} data-testid="docking-blind">
                {t('blind')}
              </Checkbox>
            </Space>
            {blind ? (
              <BlindPocketsInput value={blindPockets} onChange={setBlindPockets} />
            ) : manual ? (
              <Space orientation="vertical">
                <Space wrap>
                  <Typography.Text type="secondary">{t('center')}</Typography.Text>
                  {[0, 1, 2].map((i) => boxInput('center', i))}
                </Space>
                <Space wrap>
                  <Typography.Text type="secondary">{t('size')}</Typography.Text>
                  {[0, 1, 2].map((i) => boxInput('size', i))}
                </Space>
              </Space>
            ) : task?.status === TASK_FAILED || browserPockets?.error ? (
              <Alert type="error" showIcon title={t('predictFailed', { reason: task?.result ?? browserPockets?.error ?? '' })} />
            ) : pockets.length > 0 ? (
              <PredictedPocketTable pockets={pockets} selected={selected} onSelect={setSelected} selection="checkbox" testId="docking-pockets" />
            ) : (
              <Typography.Text type="secondary">{t(variant === 'server' ? 'predictHint' : 'analyseHint')}</Typography.Text>
            )}
          </Space>
        </Form.Item>
        <MoleculeSourceField spec={autodockForm.moleculeSource!} value={molecules} onChange={setMolecules} testId="docking-molecules" allowDatabase />
        <Form.Item label={t('parameters')}>
          <Space wrap>
            {(['accuracy', 'posture', 'filter'] as const).map((key) => (
              <InputNumber
                key={key}
                addonBefore={t(key)}
                min={DOCKING_LIMITS[key].min}
                max={DOCKING_LIMITS[key].max}
                precision={0}
                value={params[key]}
                onChange={(v) => setParams((p) => ({ ...p, [key]: Number(v ?? DOCKING_LIMITS[key].default) }))}
                style={{ width: 190 }}
                data-testid={`docking-${key}`}
              />
            ))}
          </Space>
        </Form.Item>
      </ModuleFormLayout>
    </ModulePage>
  );
}

/** /calculate/docking: pockets predicted on the server. */
export default function DockingPage() {
  return <DockingForm variant="server" />;
}
