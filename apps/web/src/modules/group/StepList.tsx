import { ArrowDownOutlined, PlusOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Empty, Form, Space, Typography } from 'antd';
import { MAX_WORKFLOW_STEPS } from '@yunyao/modules/forms';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddStepDialog } from './AddStepDialog.tsx';
import { StepCard } from './StepCard.tsx';
import { newStep, orderProblem, STEP_MODULES, type StepDraft } from './workflow-steps.ts';
import './group.i18n.ts';

/** How long the refusal of a step's place stays (the spec's error toasts). */
const ORDER_ERROR_SECONDS = 3;

/** What flows from one step to the next: the molecules it kept, with the poses and site where it gives them. */
function Handover({ from }: { from: StepDraft }) {
  const { t, i18n } = useTranslation('workflow');
  const gives = STEP_MODULES.get(from.module)?.workflowStep.gives ?? [];
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 16px', color: '#8c8c8c' }}>
      <ArrowDownOutlined />
      <Typography.Text type="secondary">
        {t('handover', { count: Number(from.fields.filter ?? 0), ports: gives.length ? ` + ${gives.map((p) => t(`port.${p}`)).join(i18n.language === 'en' ? ', ' : '、')}` : '' })}
      </Typography.Text>
    </div>
  );
}

/**
 * The workflow's steps: a card each, the hand-over between them, and "+" opening the module dialog.
 * A step is refused where it cannot stand (亲和力预测3D模块不能放在首位！ …), the server's own check.
 */
export function StepList({ steps, onChange, hasPocket }: { steps: StepDraft[]; onChange: (steps: StepDraft[]) => void; hasPocket: boolean }) {
  const { t, i18n } = useTranslation('workflow');
  const { message } = AntApp.useApp();
  const [adding, setAdding] = useState(false);

  function add(module: string) {
    const next = [...steps, newStep(module)];
    // The reference ligand can still be uploaded, so only a missing docking step refuses the place here.
    const problem = orderProblem(next, { hasPocket, hasReference: true }, i18n.language === 'en');
    if (problem) {
      void message.error(problem, ORDER_ERROR_SECONDS);
      return;
    }
    setAdding(false);
    onChange(next);
  }

  return (
    <Form.Item label={t('steps')} required>
      <Space orientation="vertical" style={{ width: '100%', maxWidth: 760 }} size={0} data-testid="workflow-steps">
        {steps.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSteps')} style={{ margin: '8px 0' }} />}
        {steps.map((step, i) => (
          <Fragment key={step.key}>
            {i > 0 && <Handover from={steps[i - 1]!} />}
            <StepCard
              step={step}
              index={i}
              onChange={(changed) => onChange(steps.map((s) => (s.key === changed.key ? changed : s)))}
              onDelete={() => onChange(steps.filter((s) => s.key !== step.key))}
            />
          </Fragment>
        ))}
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => setAdding(true)}
          disabled={steps.length >= MAX_WORKFLOW_STEPS}
          style={{ width: '100%', marginTop: 12 }}
          data-testid="workflow-add-step"
        >
          {t('addStep')}
        </Button>
      </Space>
      <AddStepDialog open={adding} onPick={add} onClose={() => setAdding(false)} />
    </Form.Item>
  );
}
