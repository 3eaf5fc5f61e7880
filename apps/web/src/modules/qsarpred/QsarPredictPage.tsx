import { Alert, Button, Form, Select, Space, Typography } from 'antd';
import type { QsarModel } from '@yunyao/contract';
import { qsarpredForm } from '@yunyao/modules/forms/qsarpred';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import {
  appendMoleculeSource,
  EMPTY_MOLECULE_SOURCE,
  MoleculeSourceField,
  moleculeSourceWarning,
  type MoleculeSource,
} from '../../components/module-page/MoleculeSourceField.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { paramsProblem } from '../../components/module-page/picked-files.ts';
import { QsarModelCardDialog } from '../../components/qsar/QsarModelCardDialog.tsx';
import { formatNumber, headlineMetric, metricLabel, readCard } from '../../components/qsar/qsar-card.ts';
import { tunaIdOf } from '../../components/qsar/qsar-links.ts';
import { useQsarNames } from '../../components/qsar/QsarModelCard.tsx';
import { useQsarModels } from '../../components/qsar/useQsarModels.ts';
import './qsarpred.i18n.ts';

const spec = qsarpredForm.moleculeSource!;

/** "R² 0.812" for a model's held-out headline metric, or nothing where its card has none. */
function metricText(model: QsarModel): string {
  const head = headlineMetric(readCard(model.card));
  return head.value === null ? '' : `${metricLabel(head.name)} ${formatNumber(head.value)}`;
}

/** The registry's models to choose from, the chosen one's facts and card; an empty registry leads to the build page. */
function ModelField({ value, onChange, linked }: { value: number | null; onChange: (id: number) => void; linked: number | null }) {
  const { t } = useTranslation('qsarpred');
  const names = useQsarNames();
  const models = useQsarModels();
  const [viewing, setViewing] = useState<QsarModel | null>(null);
  const list = models.data ?? [];
  const chosen = list.find((m) => m.tuna_id === value) ?? null;
  const linkedMissing = linked !== null && value === linked && models.isSuccess && !chosen;

  if (models.isSuccess && !list.length) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('noModels')}
        action={
          <Link to="/calculate/qsar">
            <Button size="small" type="primary">
              {t('buildFirst')}
            </Button>
          </Link>
        }
        data-testid="qsarpred-no-models"
      />
    );
  }
  return (
    <>
      <Select
        value={chosen ? chosen.tuna_id : undefined}
        onChange={onChange}
        loading={models.isLoading}
        placeholder={models.isLoading ? t('modelsLoading') : t('modelPlaceholder')}
        showSearch={{ optionFilterProp: 'label' }}
        options={list.map((m) => {
          const metric = metricText(m);
          return { value: m.tuna_id, label: `${t('modelOption', { name: m.name, label: m.label, mode: names.mode(m.mode), id: m.tuna_id })}${metric ? ` · ${metric}` : ''}` };
        })}
        style={{ maxWidth: 640 }}
        data-testid="qsarpred-model"
      />
      <div style={{ minHeight: 30, marginTop: 6 }}>
        {linkedMissing ? (
          <Typography.Text type="warning">{t('linkedMissing', { id: linked })}</Typography.Text>
        ) : chosen ? (
          <Space size={12} wrap data-testid="qsarpred-model-facts">
            <Typography.Text type="secondary">
              {t('modelFacts', { label: chosen.label, mode: names.mode(chosen.mode), algorithm: chosen.algorithm ?? '–' })}
            </Typography.Text>
            {metricText(chosen) ? <Typography.Text strong>{metricText(chosen)}</Typography.Text> : null}
            <Button type="link" size="small" onClick={() => setViewing(chosen)} style={{ padding: 0 }} data-testid="qsarpred-view-card">
              {t('viewCard')}
            </Button>
          </Space>
        ) : null}
      </div>
      <QsarModelCardDialog model={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

/** /calculate/qsarApply: molecules in (typed, uploaded or from the data center), a registry model's predictions out. */
export default function QsarPredictPage() {
  const { t, i18n } = useTranslation('qsarpred');
  const [search] = useSearchParams();
  const linked = tunaIdOf(search);
  const [source, setSource] = useState<MoleculeSource>(EMPTY_MOLECULE_SOURCE);
  const [tunaId, setTunaId] = useState<number | null>(linked);

  function draft(): ModuleDraft {
    const english = i18n.language === 'en';
    const values = { mole_type: source.type, molecules: source.text, tuna_id: tunaId ?? '' };
    const problem = moleculeSourceWarning(source, english) ?? paramsProblem(qsarpredForm, values, english);
    return draftOf(problem, () => {
      const body = new FormData();
      appendMoleculeSource(body, spec, source);
      body.set('tuna_id', String(tunaId));
      return body;
    });
  }

  return (
    <ModulePage form={qsarpredForm}>
      <ModuleFormLayout form={qsarpredForm} draft={draft()}>
        <Form.Item label={t('model')} required>
          <ModelField value={tunaId} onChange={setTunaId} linked={linked} />
        </Form.Item>
        <MoleculeSourceField spec={spec} value={source} onChange={setSource} testId="qsarpred-molecules" />
      </ModuleFormLayout>
    </ModulePage>
  );
}
