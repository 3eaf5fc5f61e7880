import { EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Card, Checkbox, Col, Form, Input, InputNumber, Row, Segmented, Select, Space, Switch, Typography } from 'antd';
import {
  applyChange,
  buildOrcaLine,
  defaultOrcaFormState,
  formToRequest,
  orcaForm,
  type OrcaFormChange,
  type OrcaFormState,
  type OrcaJobType,
  parseOrcaRequest,
  validateOrcaForm,
} from '@yunyao/modules/forms/orca';
import {
  ADAPTERS,
  BASIS_SETS,
  chooseEngine,
  METHOD_LABELS,
  NMR_METHODS,
  ORCA_LIMITS,
  ORCA_METHODS,
  QM_APPROXIMATIONS,
  QmInputError,
  SOLVENTS,
  type Bilingual,
  type Engine,
  type Geometry,
  type QmJob,
  type QmSolvent,
} from '@yunyao/quantum';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { paramsProblem } from '../../components/module-page/picked-files.ts';
import { SpendCapField } from '../../components/module-page/SpendCapField.tsx';
import { SubmitBar } from '../../components/module-page/SubmitBar.tsx';
import { useFormWarning } from '../../components/module-page/useFormWarning.ts';
import { useModuleForm } from '../../components/module-page/useModuleForm.ts';
import { pick } from '../../i18n/index.ts';
import { DrawnMoleculesField, type DrawnXyz } from '../../components/quantum/DrawnMoleculesField.tsx';
import { appendPreopt, PreoptXtbCheckbox } from '../../components/quantum/PreoptXtbCheckbox.tsx';
import { MoleculeBlocks } from './MoleculeBlocks.tsx';
import { blocksProblem, blocksToFiles, MAX_BLOCKS, newBlock, previewInputs, previewSettings, readBlocks, type MoleculeBlock } from './molecule-blocks.ts';
import { PreviewModal, type PreviewData } from './PreviewModal.tsx';
import styles from './orca.module.css';
import './orca.i18n.ts';

const JOB_TYPE_LABELS: Record<OrcaJobType, string> = { SP: 'SP', Opt: 'Opt', OptFreq: 'Opt+Freq' };
const ALERT_SECONDS = 4;

/** The job the form describes, or why it does not read as one. */
function readJob(state: OrcaFormState): { job: QmJob; error?: undefined } | { job?: undefined; error: Bilingual } {
  try {
    return { job: parseOrcaRequest(formToRequest(state)) };
  } catch (error) {
    if (error instanceof QmInputError) return { error: error.bilingual };
    const text = error instanceof Error ? error.message : String(error);
    return { error: { zh: `参数无效：${text}`, en: `invalid parameters: ${text}` } };
  }
}

/** A parameter group: a small titled card. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} className={styles.group}>
      {children}
    </Card>
  );
}

/** An on/off row of the spectroscopy group: the switch and its own settings, which stay in place when off. */
function SpectrumRow({ label, switchControl, children }: { label: string; switchControl: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.spectrumRow}>
      <label className={styles.spectrumSwitch}>
        {switchControl}
        <span>{label}</span>
      </label>
      <div className={styles.spectrumSettings}>{children}</div>
    </div>
  );
}

/** /calculate/orca: the ORCA-style form for a batch of molecules, run on ORCA when licensed, else on NWChem. */
export default function OrcaPage() {
  const { t, i18n } = useTranslation('orca');
  const { message } = AntApp.useApp();
  const warn = useFormWarning();
  const [state, setState] = useState<OrcaFormState>(defaultOrcaFormState);
  const [blocks, setBlocks] = useState<MoleculeBlock[]>(() => [newBlock()]);
  const [preopt, setPreopt] = useState(false);

  /** Drawn molecules join as file blocks named after the molecule; an empty paste block was only a placeholder. */
  function addDrawn(drawn: DrawnXyz[]) {
    setBlocks((current) => [...current.filter((b) => b.kind === 'file' || b.text.trim() !== ''), ...drawn.map((d) => newBlock('file', d.xyz, d.fileName))]);
  }
  const [preview, setPreview] = useState<PreviewData | null>(null);
  const engines = useQuery({ queryKey: ['quantum', 'engines'], queryFn: api.quantum.engines, staleTime: 5 * 60_000 });
  const lang = i18n.language;

  const keywordLine = useMemo(() => buildOrcaLine(state), [state]);
  const read = useMemo(() => readJob(state), [state]);
  const orcaConfigured = engines.data?.orca ?? false;
  const engine: Engine | null = read.job && engines.data ? chooseEngine(read.job, previewSettings(orcaConfigured)) : null;
  const unsupported = read.job && engine ? ADAPTERS[engine].unsupported(read.job) : null;

  /** Every edit goes through the spec's interlocks; what they changed is said aloud. */
  function change<K extends keyof OrcaFormState>(field: K, value: OrcaFormState[K]) {
    const result = applyChange(state, { field, value } as OrcaFormChange);
    setState(result.state);
    for (const alert of result.alerts) void message.warning(pick(alert, lang), ALERT_SECONDS);
  }

  /** InputNumber edits: an emptied box is kept as NaN so validation names the field, not a stale value. */
  const numberValue = (v: number) => (Number.isNaN(v) ? null : v);
  const setNumber = (field: 'nprocs' | 'maxcore' | 'nroots' | 'irMin' | 'irMax' | 'charge' | 'multiplicity') => (v: number | string | null) =>
    change(field, v === null || v === '' ? Number.NaN : Number(v));

  /** The first reason not to submit, in the current language. */
  function problem(molecules: Geometry[] | null): string | null {
    const geometry = blocksProblem(blocks);
    if (geometry) return pick(geometry, lang);
    const invalid = validateOrcaForm(state, molecules ?? []);
    if (invalid) return pick(invalid, lang);
    if (read.error) return pick(read.error, lang);
    if (unsupported) return t(engine === 'nwchem' ? 'unsupported' : 'unsupportedOrca', { reason: pick(unsupported, lang) });
    return paramsProblem(orcaForm, { ...formToRequest(state) }, lang === 'en');
  }

  function draft(): ModuleDraft {
    const blocksRead = readBlocks(blocks);
    const molecules = blocksRead.parsed.flatMap((p) => (p.ok ? [p.geometry] : []));
    return draftOf(problem(molecules), () => {
      const body = new FormData();
      for (const [key, value] of Object.entries(formToRequest(state))) if (value !== undefined) body.set(key, value);
      for (const file of blocksToFiles(blocks, blocksRead)) body.append('xyzs[]', file, file.name);
      appendPreopt(body, preopt);
      return body;
    });
  }

  const submission = useModuleForm(orcaForm, draft());

  function openPreview() {
    if (blocks.every((b) => b.text.trim() === '')) return warn(pick(blocksProblem([]) as Bilingual, lang));
    if (read.error) return warn(pick(read.error, lang));
    const { engine: chosen, inputs } = previewInputs(read.job, blocks, orcaConfigured);
    setPreview({ engine: chosen, inputs, unsupported: ADAPTERS[chosen].unsupported(read.job) });
  }

  const memoryTotal = state.nprocs * state.maxcore;
  const memoryOver = state.parallel && memoryTotal > ORCA_LIMITS.maxTotalMemoryMb;

  const engineNotice = engines.isPending ? (
    <Alert type="info" showIcon title={t('engineLoading')} />
  ) : engines.isError ? (
    <Alert type="warning" showIcon title={t('engineError')} />
  ) : (
    <Alert type={orcaConfigured ? 'success' : 'info'} showIcon title={t(orcaConfigured ? 'engineOrca' : 'engineNwchem')} />
  );

  return (
    <ModulePage form={orcaForm}>
      <Form layout="vertical" onFinish={() => void submission.onSubmit()} className={styles.form} requiredMark={false}>
        <Typography.Title level={5} className={styles.sectionTitle}>
          {t('molecules')}
        </Typography.Title>
        <MoleculeBlocks blocks={blocks} onChange={setBlocks} />
        <Typography.Title level={5} className={styles.sectionTitle}>
          {t('drawnMolecules')}
        </Typography.Title>
        <DrawnMoleculesField room={MAX_BLOCKS - blocks.filter((b) => b.text.trim() !== '').length} onAdd={addDrawn} testId="orca-drawn" />
        <PreoptXtbCheckbox checked={preopt} onChange={setPreopt} testId="orca-preopt" />

        <Row gutter={16} className={styles.groups}>
          <Col xs={24} xl={13} className={styles.column}>
            <Group title={t('groupMethod')}>
              <Row gutter={12}>
                <Col span={24}>
                  <Form.Item label={t('jobType')}>
                    <Segmented<OrcaJobType>
                      value={state.jobType}
                      onChange={(v) => change('jobType', v)}
                      options={(Object.keys(JOB_TYPE_LABELS) as OrcaJobType[]).map((value) => ({ value, label: JOB_TYPE_LABELS[value] }))}
                      data-testid="orca-job-type"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item label={t('method')}>
                    <Select
                      value={state.method}
                      onChange={(v) => change('method', v)}
                      options={ORCA_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
                      data-testid="orca-method"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item label={t('basis')}>
                    <Select value={state.basis} onChange={(v) => change('basis', v)} options={BASIS_SETS.map((b) => ({ value: b, label: b }))} data-testid="orca-basis" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item label={t('approximation')}>
                    <Select
                      value={state.approximation}
                      onChange={(v) => change('approximation', v)}
                      options={QM_APPROXIMATIONS.map((a) => ({ value: a, label: a === 'none' ? t('approxNone') : a }))}
                      data-testid="orca-approximation"
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={6}>
                  <Form.Item label={t('charge')}>
                    <InputNumber
                      value={numberValue(state.charge)}
                      onChange={setNumber('charge')}
                      step={ORCA_LIMITS.chargeStep}
                      precision={0}
                      className={styles.full}
                      data-testid="orca-charge"
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={6}>
                  <Form.Item label={t('multiplicity')}>
                    <InputNumber
                      value={numberValue(state.multiplicity)}
                      onChange={setNumber('multiplicity')}
                      min={ORCA_LIMITS.multiplicityMin}
                      step={1}
                      precision={0}
                      className={styles.full}
                      data-testid="orca-multiplicity"
                    />
                  </Form.Item>
                </Col>
              </Row>
            </Group>
            <Group title={t('groupSpectra')}>
              <SpectrumRow label={t('nmr')} switchControl={<Switch size="small" checked={state.nmr} onChange={(v) => change('nmr', v)} data-testid="orca-nmr" />}>
                <Space.Compact>
                  <Space.Addon>{t('nmrMethod')}</Space.Addon>
                  <Select
                    value={state.nmrMethod}
                    onChange={(v) => change('nmrMethod', v)}
                    disabled={!state.nmr}
                    options={NMR_METHODS.map((m) => ({ value: m, label: m }))}
                    className={styles.nmrSelect}
                    data-testid="orca-nmr-method"
                  />
                </Space.Compact>
              </SpectrumRow>
              <SpectrumRow label={t('uvvis')} switchControl={<Switch size="small" checked={state.uvvis} onChange={(v) => change('uvvis', v)} data-testid="orca-uvvis" />}>
                <Space.Compact>
                  <Space.Addon>{t('nroots')}</Space.Addon>
                  <InputNumber
                    value={numberValue(state.nroots)}
                    onChange={setNumber('nroots')}
                    disabled={!state.uvvis}
                    min={ORCA_LIMITS.nrootsMin}
                    max={ORCA_LIMITS.nrootsMax}
                    precision={0}
                    className={styles.smallNumber}
                    data-testid="orca-nroots"
                  />
                </Space.Compact>
              </SpectrumRow>
              <SpectrumRow label={t('ir')} switchControl={<Switch size="small" checked={state.ir} onChange={(v) => change('ir', v)} data-testid="orca-ir" />}>
                <Space wrap size={8}>
                  <Space.Compact>
                    <Space.Addon>{t('irRange')}</Space.Addon>
                    <InputNumber
                      value={numberValue(state.irMin)}
                      onChange={setNumber('irMin')}
                      disabled={!state.ir}
                      min={0}
                      precision={0}
                      className={styles.smallNumber}
                      data-testid="orca-ir-min"
                    />
                    <Space.Addon>–</Space.Addon>
                    <InputNumber
                      value={numberValue(state.irMax)}
                      onChange={setNumber('irMax')}
                      disabled={!state.ir}
                      min={1}
                      precision={0}
                      className={styles.smallNumber}
                      data-testid="orca-ir-max"
                    />
                  </Space.Compact>
                  <Checkbox checked={state.irAnimation} disabled={!state.ir} onChange={(e) => change('irAnimation', e.target.checked)} data-testid="orca-ir-animation">
                    {t('irAnimation')}
                  </Checkbox>
                </Space>
              </SpectrumRow>
            </Group>
          </Col>
          <Col xs={24} xl={11} className={styles.column}>
            <Group title={t('groupParallel')}>
              <Row gutter={12}>
                <Col xs={24} sm={6}>
                  <Form.Item label={t('parallel')}>
                    <Switch checked={state.parallel} onChange={(v) => change('parallel', v)} data-testid="orca-parallel" />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={8}>
                  <Form.Item label={t('nprocs')}>
                    <InputNumber
                      value={numberValue(state.nprocs)}
                      onChange={setNumber('nprocs')}
                      disabled={!state.parallel}
                      min={ORCA_LIMITS.nprocsMin}
                      max={ORCA_LIMITS.nprocsMax}
                      precision={0}
                      className={styles.full}
                      data-testid="orca-nprocs"
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={10}>
                  <Form.Item label={t('maxcore')}>
                    <InputNumber
                      value={numberValue(state.maxcore)}
                      onChange={setNumber('maxcore')}
                      min={ORCA_LIMITS.maxcoreMin}
                      max={ORCA_LIMITS.maxcoreMax}
                      step={ORCA_LIMITS.maxcoreStep}
                      precision={0}
                      className={styles.full}
                      data-testid="orca-maxcore"
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Typography.Text type={memoryOver ? 'danger' : 'secondary'} className={styles.memory} data-testid="orca-memory">
                {t('totalMemory', {
                  total: Number.isFinite(memoryTotal) ? (state.parallel ? memoryTotal : state.maxcore) : '-',
                  max: ORCA_LIMITS.maxTotalMemoryMb,
                })}
              </Typography.Text>
            </Group>
            <Group title={t('groupSolvent')}>
              <Form.Item label={t('solventModel')}>
                <Select<QmSolvent | 'none'>
                  value={state.solvent ?? 'none'}
                  onChange={(v) => change('solvent', v === 'none' ? null : v)}
                  options={[{ value: 'none' as const, label: t('gasPhase') }, ...SOLVENTS.map((s) => ({ value: s, label: `CPCM (${s})` }))]}
                  data-testid="orca-solvent"
                />
              </Form.Item>
            </Group>
            <Group title={t('groupOutput')}>
              <div className={styles.flags}>
                {(['mulliken', 'dipole', 'homo', 'lumo'] as const).map((flag) => (
                  <Checkbox key={flag} checked={state[flag]} onChange={(e) => change(flag, e.target.checked)} data-testid={`orca-${flag}`}>
                    {t(flag)}
                  </Checkbox>
                ))}
              </div>
            </Group>
          </Col>
        </Row>

        <Form.Item label={t('keywordLine')} className={styles.keywordItem}>
          <Space.Compact className={styles.full}>
            <Input readOnly value={keywordLine} className={styles.mono} data-testid="orca-keyword-line" />
            <Space.Addon>
              <Typography.Text copyable={{ text: keywordLine, tooltips: [t('copy'), t('copied')] }} />
            </Space.Addon>
          </Space.Compact>
        </Form.Item>

        <div className={styles.engine} data-testid="orca-engine" data-engine={engine ?? ''}>
          {engineNotice}
          {unsupported && (
            <Alert
              type="error"
              showIcon
              title={t(engine === 'nwchem' ? 'unsupported' : 'unsupportedOrca', { reason: pick(unsupported, lang) })}
              data-testid="orca-unsupported"
            />
          )}
        </div>

        <SpendCapField submission={submission} />
        <SubmitBar submission={submission} className={styles.actions}>
          <Button size="large" icon={<EyeOutlined />} onClick={openPreview} loading={engines.isPending} data-testid="orca-preview">
            {t('preview')}
          </Button>
        </SubmitBar>
      </Form>
      <PreviewModal data={preview} onClose={() => setPreview(null)} />
    </ModulePage>
  );
}
