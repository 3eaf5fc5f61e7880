import type { CostEstimate } from '@yunyao/contract/api';
import type { ButtonProps } from 'antd';
import type { useAppProps } from 'antd/es/app/context';
import { i18n } from '../../i18n/index.ts';
import { formatYuan } from '../../pages/user/useUserInfo.ts';
import { holdNeedsConfirmation } from './cost-estimate.ts';
import './module-page.i18n.ts';

/**
 * Asks before a submit whose hold is over a quarter of the available balance (holdNeedsConfirmation);
 * resolves true at once for any other. Nothing is held until the user says yes.
 */
export function confirmHold(modal: useAppProps['modal'], cost: CostEstimate): Promise<boolean> {
  if (!holdNeedsConfirmation(cost)) return Promise.resolve(true);
  const t = i18n.getFixedT(null, 'modulePage');
  return new Promise((resolve) => {
    modal.confirm({
      title: t('holdConfirmTitle', { percent: Math.round((cost.hold / cost.available) * 100) }),
      content: [
        t('holdConfirmBody', { hold: formatYuan(cost.hold), available: formatYuan(cost.available), estimate: formatYuan(cost.estimate) }),
        ...(cost.per_unit ? [t(`perUnit.${cost.per_unit.unit}`, { estimate: formatYuan(cost.per_unit.estimate), hold: formatYuan(cost.per_unit.hold), count: cost.per_unit.count })] : []),
      ].join(' '),
      okText: t('holdConfirmOk'),
      cancelText: t('holdConfirmCancel'),
      okButtonProps: { 'data-testid': 'hold-confirm-ok' } as ButtonProps,
      cancelButtonProps: { 'data-testid': 'hold-confirm-cancel' } as ButtonProps,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
