import { Form, Input, InputNumber, Radio, Typography } from 'antd';
import { PEPTIDE_CORES, pepsearchForm, SAMPLING_LEVELS, SEQUENCE_LENGTH, type SamplingLevel } from '@yunyao/modules/forms/pepsearch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { paramsProblem } from '../../components/module-page/picked-files.ts';
import './pepsearch.i18n.ts';
import { EXAMPLE_RESIDUES, samplingDuration } from './sampling-time.ts';

/** Residues as the server will read them: spaces, line breaks and a FASTA header dropped. */
const residuesOf = (text: string) => text.replace(/^>.*$/m, '').replace(/\s+/g, '');

/** The peptide form (spec document 1, section 2 item 5): one sequence and the cores to run on. */
export function PepsearchForm() {
  const { t, i18n } = useTranslation('pepsearch');
  const english = i18n.language === 'en';
  const [sequence, setSequence] = useState('');
  const [compute, setCompute] = useState<number>(PEPTIDE_CORES.default);
  const [sampling, setSampling] = useState<SamplingLevel>('standard');
  const length = residuesOf(sequence).length;
  const duration = samplingDuration(length, sampling, compute);
  const time = t(`duration.${duration.unit}`, 'count' in duration ? { count: duration.count } : {});

  function draft(): ModuleDraft {
    const values = { sequence, compute, sampling };
    return draftOf(paramsProblem(pepsearchForm, values, english), () => {
      const body = new FormData();
      body.set('sequence', sequence);
      body.set('compute', String(compute));
      body.set('sampling', sampling);
      return body;
    });
  }

  return (
    <ModuleFormLayout form={pepsearchForm} draft={draft()}>
      <Form.Item label={t('sequence')} required extra={t('sequenceHelp', { min: SEQUENCE_LENGTH.min, max: SEQUENCE_LENGTH.max })}>
        <Input.TextArea
          value={sequence}
          onChange={(e) => setSequence(e.target.value)}
          placeholder="AA"
          autoSize={{ minRows: 2, maxRows: 6 }}
          style={{ fontFamily: 'monospace' }}
          data-testid="pepsearch-sequence"
        />
        <Typography.Text type="secondary" data-testid="pepsearch-length">
          {t('length', { count: length })}
        </Typography.Text>
      </Form.Item>
      <Form.Item
        label={t('sampling')}
        extra={
          <>
            {t(`samplingHelp.${sampling}`)}
            <br />
            <span data-testid="pepsearch-time">{t('samplingTime', { residues: length || EXAMPLE_RESIDUES, cores: compute, time })}</span>
          </>
        }
      >
        <Radio.Group
          value={sampling}
          onChange={(e) => setSampling(e.target.value as SamplingLevel)}
          optionType="button"
          options={SAMPLING_LEVELS.map((level) => ({ value: level, label: t(`samplingLevels.${level}`) }))}
          data-testid="pepsearch-sampling"
        />
      </Form.Item>
      <Form.Item label={t('compute')} extra={t('computeHelp')}>
        <InputNumber
          min={PEPTIDE_CORES.min}
          max={PEPTIDE_CORES.max}
          precision={0}
          value={compute}
          onChange={(v) => setCompute(Number(v ?? PEPTIDE_CORES.default))}
          addonAfter={t('cores')}
          style={{ width: 160 }}
          data-testid="pepsearch-compute"
        />
      </Form.Item>
    </ModuleFormLayout>
  );
}
