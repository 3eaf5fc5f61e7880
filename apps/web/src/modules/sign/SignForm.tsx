import { AimOutlined } from '@ant-design/icons';
import { Alert, Button, Form, InputNumber, Radio, Space, Typography } from 'antd';
import {
  LIGAND_COS_MISSING,
  LIGAND_FILE_FIELD,
  LIGAND_FILE_MISSING,
  POCKET_COS_MISSING,
  POCKET_FILE_FIELD,
  POCKET_FILE_MISSING,
  SIGN_ACCURACY,
  signForm,
  type SignParams,
} from '@yunyao/modules/forms/sign';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SampleLinks } from '../../components/affinity/SampleLinks.tsx';
import { ModuleFileField } from '../../components/module-page/ModuleFileField.tsx';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { appendProteinSource, EMPTY_PROTEIN_SOURCE, ProteinSourceField, proteinSourceWarning, type ProteinSource } from '../../components/module-page/ProteinSourceField.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { appendPicked, countPicked, NO_FILES, paramsProblem, type PickedFiles } from '../../components/module-page/picked-files.ts';
import { PredictedPocketTable } from '../../components/pockets/PredictedPocketTable.tsx';
import { TASK_FAILED, useProteinText, useServerPockets } from '../../components/pockets/predicted-pockets.ts';
import { useFormWarning } from '../../components/module-page/useFormWarning.ts';
import '../../components/affinity/affinity.i18n.ts';

const Structure3D = lazy(() => import('../../components/Structure3D.tsx'));

type LigandSource = SignParams['ligand_source'];
type PocketSource = SignParams['pocket_source'];

/** The message of a missing file for the chosen source, in the form's language. */
function missingFile(files: PickedFiles, source: 'file' | 'cos', messages: { file: string; cos: string }, english: boolean): string | null {
  if (countPicked(files) > 0) return null;
  const zh = source === 'cos' ? messages.cos : messages.file;
  return english ? (signForm.messagesEn[zh] ?? zh) : zh;
}

/**
 * The 3D affinity form (spec: target protein, binding site, small molecules): the protein from any
 * source with its 3D view and server pocket prediction, the site as a file or one predicted pocket,
 * the ligands as posed files or a preset list.
 */
export function SignForm({ onSubmitted }: { onSubmitted?: (taskId: number) => void }) {
  const { t, i18n } = useTranslation('affinity');
  const warn = useFormWarning();
  const english = i18n.language === 'en';
  const [protein, setProtein] = useState<ProteinSource>(EMPTY_PROTEIN_SOURCE);
  const [ligandSource, setLigandSource] = useState<LigandSource>('file');
  const [ligands, setLigands] = useState<PickedFiles>(NO_FILES);
  const [preset, setPreset] = useState<'zinc' | 'approved'>('zinc');
  const [pocketSource, setPocketSource] = useState<PocketSource>('predicted');
  const [siteFile, setSiteFile] = useState<PickedFiles>(NO_FILES);
  const [picked, setPicked] = useState<number[]>([]);
  const [accuracy, setAccuracy] = useState<number>(SIGN_ACCURACY.default);
  const server = useServerPockets(protein);
  const proteinPdb = useProteinText(protein).data ?? null;
  const chosen = server.pockets.find((p) => picked.includes(p.id));

  async function predict() {
    const problem = proteinSourceWarning(protein, english);
    if (problem) return warn(problem);
    setPicked([]);
    await server.predict();
  }

  function draft(): ModuleDraft {
    const values = {
      protein_source: protein.type,
      pdb_id: protein.pdbId,
      uniprod_id: protein.uniprotId,
      ligand_source: ligandSource,
      ...(ligandSource === 'preset' ? { smiles_preset: preset } : {}),
      pocket_source: pocketSource,
      ...(chosen && pocketSource === 'predicted' ? { pockets: [{ name: chosen.name, ...chosen.box }] } : {}),
      accuracy,
    };
    const problem =
      proteinSourceWarning(protein, english) ??
      (ligandSource === 'preset' ? null : missingFile(ligands, ligandSource, { file: LIGAND_FILE_MISSING, cos: LIGAND_COS_MISSING }, english)) ??
      (pocketSource === 'predicted' ? null : missingFile(siteFile, pocketSource, { file: POCKET_FILE_MISSING, cos: POCKET_COS_MISSING }, english)) ??
      paramsProblem(signForm, values, english);
    return draftOf(problem, () => {
      const body = new FormData();
      appendProteinSource(body, signForm.proteinSource!, protein);
      if (ligandSource !== 'preset') appendPicked(body, LIGAND_FILE_FIELD, ligands);
      if (pocketSource !== 'predicted') appendPicked(body, POCKET_FILE_FIELD, siteFile);
      for (const [key, value] of Object.entries(values)) {
        if (Array.isArray(value)) for (const pocket of value) body.append('pockets[]', JSON.stringify(pocket));
        else body.set(key, String(value));
      }
      return body;
    });
  }

  return (
    <ModulePage form={signForm}>
      <ModuleFormLayout form={signForm} draft={draft()} onSubmitted={onSubmitted}>
        <ProteinSourceField spec={signForm.proteinSource!} value={protein} onChange={setProtein} testId="sign-protein" />
        {proteinPdb && (
          <Form.Item label={t('view3d')}>
            <Suspense fallback={<div style={{ height: 380 }} />}>
              <Structure3D pdb={proteinPdb} pockets={server.pockets.map((p) => ({ name: p.name, ...p.box }))} highlighted={chosen ? [chosen.name] : []} />
            </Suspense>
          </Form.Item>
        )}
        <Form.Item label={t('site')} required extra={pocketSource === 'predicted' ? undefined : t('siteHint')}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Radio.Group value={pocketSource} onChange={(e) => setPocketSource(e.target.value as PocketSource)} data-testid="sign-site-source">
              <Radio value="predicted">{t('sitePredicted')}</Radio>
              <Radio value="file">{t('siteUpload')}</Radio>
              <Radio value="cos">{t('siteCos')}</Radio>
            </Radio.Group>
            {pocketSource === 'predicted' ? (
              <>
                <Button icon={<AimOutlined />} onClick={() => void predict()} loading={server.busy} data-testid="sign-predict">
                  {t('predict')}
                </Button>
                {server.task?.status === TASK_FAILED ? (
                  <Alert type="error" showIcon title={t('predictFailed', { reason: server.task.result ?? '' })} />
                ) : server.pockets.length > 0 ? (
                  <PredictedPocketTable pockets={server.pockets} selected={picked} onSelect={setPicked} single testId="sign-pockets" />
                ) : (
                  <Typography.Text type="secondary">{t('predictHint')}</Typography.Text>
                )}
              </>
            ) : (
              <ModuleFileField spec={POCKET_FILE_FIELD} value={siteFile} onChange={setSiteFile} sources={pocketSource === 'cos' ? 'dataCenter' : 'upload'} testId="sign-site" />
            )}
          </Space>
        </Form.Item>
        <Form.Item label={t('ligands')} required extra={ligandSource === 'preset' ? undefined : t('ligandHint')}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Radio.Group value={ligandSource} onChange={(e) => setLigandSource(e.target.value as LigandSource)} data-testid="sign-ligand-source">
              <Radio value="file">{t('ligandUpload')}</Radio>
              <Radio value="cos">{t('ligandCos')}</Radio>
              <Radio value="preset">{t('ligandPreset')}</Radio>
            </Radio.Group>
            {ligandSource === 'preset' ? (
              <Radio.Group value={preset} onChange={(e) => setPreset(e.target.value as 'zinc' | 'approved')} data-testid="sign-preset">
                <Radio value="zinc">{t('presetZinc')}</Radio>
                <Radio value="approved">{t('presetApproved')}</Radio>
              </Radio.Group>
            ) : (
              <ModuleFileField spec={LIGAND_FILE_FIELD} value={ligands} onChange={setLigands} sources={ligandSource === 'cos' ? 'dataCenter' : 'upload'} testId="sign-ligands" />
            )}
            <SampleLinks files={['aurka-ligand.sdf', 'aurka-site.csv']} />
          </Space>
        </Form.Item>
        <Form.Item label={t('accuracy')} extra={t('accuracyHint')}>
          <InputNumber min={SIGN_ACCURACY.min} max={SIGN_ACCURACY.max} precision={0} value={accuracy} onChange={(v) => setAccuracy(Number(v ?? SIGN_ACCURACY.default))} data-testid="sign-accuracy" />
        </Form.Item>
      </ModuleFormLayout>
    </ModulePage>
  );
}
