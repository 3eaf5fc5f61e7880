import { Form, InputNumber, Typography } from 'antd';
import { MAX_SPEND_CAP_YUAN } from '@yunyao/contract/api';
import { useTranslation } from 'react-i18next';
import { capBelowEstimate } from './cost-estimate.ts';
import type { ModuleFormSubmission } from './useModuleForm.ts';

/** The platform's per-task spending cap (yuan), optional: without it the hold is the estimate's margin. */
export function SpendCapField({ submission }: { submission: ModuleFormSubmission }) {
  const { t } = useTranslation('modulePage');
  const { spendCap, setSpendCap, estimate } = submission;
  const tooLow = capBelowEstimate(spendCap, estimate.status === 'ready' ? estimate.cost : null);
  return (
    <Form.Item
      label={t('spendCap')}
      extra={tooLow ? <Typography.Text type="warning" data-testid="spend-cap-low">{t('spendCapBelowEstimate')}</Typography.Text> : t('spendCapHint')}
    >
      <InputNumber<number>
        prefix="¥"
        min={0.01}
        max={MAX_SPEND_CAP_YUAN}
        step={0.1}
        precision={2}
        placeholder={t('spendCapPlaceholder')}
        value={spendCap}
        onChange={(value) => setSpendCap(value ?? null)}
        style={{ width: 190 }}
        data-testid="spend-cap"
      />
    </Form.Item>
  );
}
