import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Form, InputNumber, Radio, Select, Space, Tag, Typography } from 'antd';
import {
  buildProthodLine,
  checkKeywordModeUploads,
  DEFAULT_METHODS,
  type DefaultMethod,
  DFTB_NOTICE,
  EMPTY_KEYWORD_TABLE,
  KEYWORD_TARGETS,
  keywordTableReducer,
  type KeywordTableState,
  type KeywordTarget,
  prothodForm,
  softwareFor,
} from '@yunyao/modules/forms/prothod';
import { BASIS_SETS, METHOD_LABELS, ORCA_DEFAULTS, ORCA_METHODS, type OrcaMethod } from '@yunyao/quantum';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { ModuleFileField } from '../../components/module-page/ModuleFileField.tsx';
import { DrawnMoleculesField } from '../../components/quantum/DrawnMoleculesField.tsx';
import { appendPreopt, PreoptXtbCheckbox } from '../../components/quantum/PreoptXtbCheckbox.tsx';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { appendPicked, NO_FILES, type PickedFiles } from '../../components/module-page/picked-files.ts';
import { pick } from '../../i18n/index.ts';
import '../../components/quantum/quantum.i18n.ts';

const xyzSpec = prothodForm.files[0]!;

type EngineKind = 'xtb' | 'mopac' | 'orca' | 'nwchem';

/** Which program runs the scheme, as the server's engine registry decides it. */
function engineFor(state: KeywordTableState, orcaConfigured: boolean): EngineKind | null {
  if (state.defaultMethod === 'DFTB') return 'xtb';
  if (state.defaultMethod === 'PM3') return 'mopac';
  if (state.method !== null) return orcaConfigured ? 'orca' : 'nwchem';
  return null;
}

const ENGINE_LABEL: Record<EngineKind, string> = { xtb: 'engineXtb', mopac: 'engineMopac', orca: 'engineOrca', nwchem: 'engineNwchem' };

/** The keyword table: rows 计算目标 / 默认方法 / 常用方法 / 基组; a default method and a method + basis exclude each other. */
function KeywordTable({ state, dispatch }: { state: KeywordTableState; dispatch: (a: Parameters<typeof keywordTableReducer>[1]) => void }) {
  const { t } = useTranslation('quantum');
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      style={{ maxWidth: 760 }}
      styles={{ label: { width: 120, fontWeight: 500 } }}
      items={[
        {
          key: 'target',
          label: t('rowTarget'),
          children: (
            <Radio.Group
              value={state.target}
              onChange={(e) => dispatch({ type: 'target', value: e.target.value as KeywordTarget })}
              optionType="button"
              buttonStyle="solid"
              data-testid="quantum-target"
              options={KEYWORD_TARGETS.map((value) => ({ value, label: t(`targets.${value}`) }))}
            />
          ),
        },
        {
          key: 'default',
          label: t('rowDefault'),
          children: (
            <Radio.Group
              value={state.defaultMethod}
              onChange={(e) => dispatch({ type: 'default', value: e.target.value as DefaultMethod })}
              optionType="button"
              buttonStyle="solid"
              data-testid="quantum-default"
              options={DEFAULT_METHODS.map((value) => ({ value, label: t(`defaults.${value}`) }))}
            />
          ),
        },
        {
          key: 'method',
          label: t('rowMethod'),
          children: (
            <Select<OrcaMethod>
              value={state.method ?? undefined}
              placeholder={t('pickMethod')}
              style={{ width: 240 }}
              onChange={(value) => dispatch({ type: 'method', value })}
              options={ORCA_METHODS.map((value) => ({ value, label: METHOD_LABELS[value] }))}
              data-testid="quantum-method"
            />
          ),
        },
        {
          key: 'basis',
          label: t('rowBasis'),
          children: (
            <Select<string>
              value={state.basis ?? undefined}
              placeholder={t('pickBasis')}
              style={{ width: 240 }}
              onChange={(value) => dispatch({ type: 'basis', value })}
              options={BASIS_SETS.map((value) => ({ value, label: value }))}
              data-testid="quantum-basis"
            />
          ),
        },
      ]}
    />
  );
}

/** Quantum chemistry, keyword mode (/calculate/quantum and /prothod): .xyz files, a keyword table, charge and multiplicity. */
export default function QuantumPage() {
  const { t, i18n } = useTranslation('quantum');
  const [files, setFiles] = useState<PickedFiles>(NO_FILES);
  const [scheme, dispatch] = useReducer(keywordTableReducer, EMPTY_KEYWORD_TABLE);
  const [charge, setCharge] = useState<number>(ORCA_DEFAULTS.charge);
  const [spinm, setSpinm] = useState<number>(ORCA_DEFAULTS.multiplicity);
  const [preopt, setPreopt] = useState(false);
  const engines = useQuery({ queryKey: ['quantum', 'engines'], queryFn: () => api.quantum.engines(), staleTime: 5 * 60_000 });
  const line = buildProthodLine(scheme);
  const engine = engineFor(scheme, engines.data?.orca ?? false);

  function problem(): string | null {
    const upload = checkKeywordModeUploads(files.uploads);
    if (upload) return pick(upload, i18n.language);
    if (scheme.target === null) return t('needTarget');
    if (scheme.defaultMethod === null && scheme.method === null) return t('needMethod');
    if (line === null) return t(scheme.method !== null ? 'needBasis' : 'needMethod');
    if (!Number.isInteger(spinm) || spinm < 1) return t('spinmInvalid');
    return null;
  }

  function draft(): ModuleDraft {
    return draftOf(problem(), () => {
      const body = new FormData();
      appendPicked(body, xyzSpec, files);
      body.set('soft', softwareFor(scheme));
      body.set('keyword', line!);
      body.set('charge', String(charge));
      body.set('spinm', String(spinm));
      appendPreopt(body, preopt);
      return body;
    });
  }

  return (
    <ModulePage form={prothodForm}>
      <ModuleFormLayout form={prothodForm} draft={draft()}>
        <Form.Item label={t('structures')} required extra={t('structuresHint')}>
          <ModuleFileField spec={xyzSpec} value={files} onChange={setFiles} sources="upload" testId="quantum-xyz" />
        </Form.Item>
        <Form.Item label={t('drawnMolecules')}>
          <DrawnMoleculesField
            room={xyzSpec.max - files.uploads.length}
            onAdd={(drawn) => setFiles((current) => ({ ...current, uploads: [...current.uploads, ...drawn.map((d) => new File([d.xyz], d.fileName))] }))}
            testId="quantum-drawn"
          />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <PreoptXtbCheckbox checked={preopt} onChange={setPreopt} testId="quantum-preopt" />
        </Form.Item>
        <Form.Item label={t('keywords')} required extra={t('keywordsHint')}>
          <KeywordTable state={scheme} dispatch={dispatch} />
        </Form.Item>
        <Form.Item label={t('keywordLine')}>
          <Typography.Text
            code
            data-testid="quantum-keyword-line"
            style={{ fontSize: 15, padding: '2px 8px' }}
            type={line ? undefined : 'secondary'}
          >
            {line ?? t('keywordIncomplete')}
          </Typography.Text>
        </Form.Item>
        <Form.Item label={t('engine')}>
          <div data-testid="quantum-engine" data-engine={engine ?? ''} style={{ maxWidth: 760 }}>
            {engine === null ? (
              <Typography.Text type="secondary">{t('enginePending')}</Typography.Text>
            ) : (
              <Space orientation="vertical" size={6} style={{ width: '100%' }}>
                <Space wrap>
                  <Tag color={engine === 'xtb' ? 'orange' : 'blue'} style={{ fontSize: 13, padding: '2px 8px' }}>
                    {t(ENGINE_LABEL[engine])}
                  </Tag>
                  {scheme.target === 'freq' && <Typography.Text type="secondary">{t('freqNote')}</Typography.Text>}
                </Space>
                {engine === 'xtb' && <Alert type="warning" showIcon title={pick(DFTB_NOTICE, i18n.language)} />}
              </Space>
            )}
          </div>
        </Form.Item>
        <Form.Item label={t('charge')} extra={t('chargeHint')}>
          <Space size={24} wrap>
            <InputNumber value={charge} precision={0} step={1} onChange={(v) => setCharge(v ?? 0)} style={{ width: 120 }} data-testid="quantum-charge" />
            <Space>
              <Typography.Text>{t('spinm')}</Typography.Text>
              <InputNumber value={spinm} min={1} precision={0} step={1} onChange={(v) => setSpinm(v ?? 1)} style={{ width: 120 }} data-testid="quantum-spinm" />
            </Space>
          </Space>
        </Form.Item>
      </ModuleFormLayout>
    </ModulePage>
  );
}
