import { Card, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pick } from '../../i18n/index.ts';
import { STEP_MODULES } from './workflow-steps.ts';
import './group.i18n.ts';

/** The add-module dialog: every module that declares a workflow step, with what it needs and what its score means. */
export function AddStepDialog({ open, onPick, onClose }: { open: boolean; onPick: (module: string) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation('workflow');
  return (
    <Modal open={open} title={t('addTitle')} footer={null} onCancel={onClose} width={640} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="workflow-add-dialog">
        {[...STEP_MODULES.values()].map((form) => {
          const { score, needs } = form.workflowStep;
          return (
            <Card key={form.code} size="small" hoverable onClick={() => onPick(form.code)} data-testid={`workflow-add-${form.code}`}>
              <Space orientation="vertical" size={2}>
                <Typography.Text strong>{pick(form.name, i18n.language)}</Typography.Text>
                <Typography.Text type="secondary">
                  {t(score.order === 'rows' ? 'scoreByRows' : 'scoreBy', { score: pick(score.label, i18n.language), better: t(score.better) })}
                </Typography.Text>
                <Space size={4} wrap>
                  {needs.map((port) => (
                    <Tag key={port}>{t(`port.${port}`)}</Tag>
                  ))}
                </Space>
              </Space>
            </Card>
          );
        })}
      </Space>
    </Modal>
  );
}
