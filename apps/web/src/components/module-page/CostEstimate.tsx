import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Spin, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../app/navigation.ts';
import { formatYuan } from '../../pages/user/useUserInfo.ts';
import styles from './CostEstimate.module.css';
import { formatCoreHours, holdTooLarge } from './cost-estimate.ts';
import type { EstimateState } from './useCostEstimate.ts';

/** The draft's cost beside the submit button: estimate, hold and available balance, or why there is none yet. */
export function CostEstimate({ state }: { state: EstimateState }) {
  return (
    <span className={styles.estimate} data-testid="module-estimate" data-status={state.status}>
      <EstimateContent state={state} />
    </span>
  );
}

function EstimateContent({ state }: { state: EstimateState }) {
  const { t } = useTranslation('modulePage');
  const navigate = useAppNavigate();
  switch (state.status) {
    case 'incomplete':
      return <Typography.Text type="secondary">{t('estimateIncomplete')}</Typography.Text>;
    case 'pending':
      return <Spin size="small" aria-label={t('estimating')} />;
    case 'onRequest':
      return (
        <Button size="small" onClick={state.request} data-testid="module-estimate-request">
          {t('estimateRequest')}
        </Button>
      );
    // The submit says what the server refused; a second message here would only repeat it.
    case 'refused':
      return null;
    case 'ready': {
      const { cost } = state;
      const short = holdTooLarge(cost);
      return (
        <>
          <span className={state.updating ? `${styles.figures} ${styles.updating}` : styles.figures}>
            <Typography.Text type={short ? 'danger' : undefined} data-testid="module-estimate-figures" data-estimate={cost.estimate} data-hold={cost.hold} data-available={cost.available}>
              {t('estimateFigures', {
                estimate: formatYuan(cost.estimate),
                coreHours: formatCoreHours(cost.core_hours),
                hold: formatYuan(cost.hold),
                available: formatYuan(cost.available),
              })}
            </Typography.Text>
            <Tooltip title={t('estimateHelp')}>
              <QuestionCircleOutlined className={styles.help} aria-label={t('estimateHelpLabel')} />
            </Tooltip>
            {state.updating && <Spin size="small" aria-label={t('estimating')} />}
          </span>
          {cost.per_unit && cost.per_unit.count > 1 && (
            <Typography.Text type="secondary" data-testid="module-estimate-per-unit">
              {t(`perUnit.${cost.per_unit.unit}`, { estimate: formatYuan(cost.per_unit.estimate), hold: formatYuan(cost.per_unit.hold), count: cost.per_unit.count })}
            </Typography.Text>
          )}
          {short && (
            <Typography.Text type="danger" data-testid="module-estimate-short">
              {t('estimateShort')}
              <Typography.Link onClick={() => navigate('/user?isCharge=true')} data-testid="module-estimate-recharge">
                {t('recharge')}
              </Typography.Link>
              {t('estimateShortTail')}
            </Typography.Text>
          )}
        </>
      );
    }
  }
}
