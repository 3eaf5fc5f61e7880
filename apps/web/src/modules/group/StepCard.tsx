import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pick } from '../../i18n/index.ts';
import { STEP_MODULES, stepFieldInputs, type StepDraft } from './workflow-steps.ts';
import './group.i18n.ts';

/** One step of the workflow: its module, its own fields with the workflow defaults, what its filter ranks by, and delete. */
export function StepCard({ step, index, onChange, onDelete }: { step: StepDraft; index: number; onChange: (step: StepDraft) => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation('workflow');
  const form = STEP_MODULES.get(step.module);
  if (!form) return null;
  const { score, gives } = form.workflowStep;
  const set = (name: string, value: string | number) => onChange({ ...step, fields: { ...step.fields, [name]: value } });
  return (
    <Card
      size="small"
      data-testid="workflow-step"
      data-module={step.module}
      title={
        <Space>
          <Tag color="blue">{t('stepNumber', { n: index + 1 })}</Tag>
          {pick(form.name, i18n.language)}
        </Space>
      }
      extra={<Button type="text" danger icon={<DeleteOutlined />} onClick={onDelete} aria-label={t('delete')} data-testid="workflow-step-delete" />}
    >
      <Space wrap>
        {stepFieldInputs(form.workflowStep).map((input) =>
          input.kind === 'choice' ? (
            <Space.Compact key={input.name}>
              <Button disabled>{t(`field.${input.name}`)}</Button>
              <Select value={String(step.fields[input.name])} options={input.options.map((o) => ({ value: o, label: o }))} onChange={(v) => set(input.name, v)} style={{ width: 100 }} data-testid={`workflow-step-${input.name}`} />
            </Space.Compact>
          ) : (
            <InputNumber
              key={input.name}
              addonBefore={t(`field.${input.name}`)}
              min={input.min}
              max={input.max}
              value={Number(step.fields[input.name])}
              onChange={(v) => set(input.name, v ?? '')}
              style={{ width: 200 }}
              data-testid={`workflow-step-${input.name}`}
            />
          ),
        )}
      </Space>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {t(score.order === 'rows' ? 'keepsRows' : 'keeps', { score: pick(score.label, i18n.language), better: t(score.better) })}
        {gives.length > 0 && t('gives', { ports: gives.map((p) => t(`port.${p}`)).join(i18n.language === 'en' ? ', ' : '、') })}
      </Typography.Paragraph>
    </Card>
  );
}
