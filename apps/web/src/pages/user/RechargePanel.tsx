import { WalletOutlined, WechatOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, InputNumber } from 'antd';
import { RECHARGE_CUSTOM, RECHARGE_DEFAULT_YUAN, RECHARGE_PRESETS_YUAN } from '@yunyao/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { SectionCard } from './parts.tsx';
import styles from './Personal.module.css';
import { personalKeys } from './sections.ts';
import { formatYuan, useUserInfo } from './useUserInfo.ts';

/** Presets 100/200/500/1000 (default 100) or a custom amount (10–100000, step 10, 2 decimals, default 10). */
export function RechargePanel({ onOrder }: { onOrder: (orderId: string) => void }) {
  const { t } = useTranslation('personal');
  const info = useUserInfo();
  const [preset, setPreset] = useState<number | null>(RECHARGE_DEFAULT_YUAN);
  const [custom, setCustom] = useState<number>(RECHARGE_CUSTOM.default);
  const amount = preset ?? custom;
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => api.personal.recharge(amount),
    onSuccess: (data) => {
      void queryClient.invalidateQueries({ queryKey: personalKeys.recharges });
      onOrder(data.order_id);
    },
  });

  return (
    <SectionCard
      icon={<WalletOutlined />}
      title={t('funds.rechargeTitle')}
      extra={
        <span className={styles.hint}>
          {t('funds.balanceNow')}：<strong>{info.data ? formatYuan(info.data.balance) : '-'}</strong> {t('common.yuan')}
        </span>
      }
      testId="recharge-panel"
    >
      <p className={styles.fieldLabel} style={{ marginTop: 0 }}>
        {t('funds.presets')}
      </p>
      <div className={styles.presets} role="radiogroup">
        {RECHARGE_PRESETS_YUAN.map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={preset === value}
            className={`${styles.preset} ${preset === value ? styles.presetActive : ''}`}
            onClick={() => setPreset(value)}
            data-testid={`recharge-preset-${value}`}
          >
            {value}
            <small>{t('common.yuan')}</small>
          </button>
        ))}
      </div>
      <p className={styles.fieldLabel}>{t('funds.custom')}</p>
      <div className={`${styles.customRow} ${preset === null ? styles.customActive : ''}`}>
        <InputNumber
          min={RECHARGE_CUSTOM.min}
          max={RECHARGE_CUSTOM.max}
          step={RECHARGE_CUSTOM.step}
          precision={RECHARGE_CUSTOM.precision}
          value={custom}
          onFocus={() => setPreset(null)}
          onChange={(v) => {
            setPreset(null);
            if (typeof v === 'number') setCustom(v);
          }}
          suffix={t('common.yuan')}
          style={{ width: 220 }}
          data-testid="recharge-custom"
        />
        <span className={styles.hint}>{t('funds.customHint', { min: RECHARGE_CUSTOM.min, max: RECHARGE_CUSTOM.max, step: RECHARGE_CUSTOM.step })}</span>
      </div>
      <p className={styles.fieldLabel}>{t('funds.channel')}</p>
      <span className={styles.channel}>
        <WechatOutlined /> {t('funds.wechat')}
      </span>
      <div className={styles.payBar}>
        <span className={styles.payable}>
          {t('funds.payable')}
          <strong data-testid="recharge-amount">{formatYuan(amount)}</strong>
          {t('common.yuan')}
        </span>
        <Button type="primary" size="large" loading={create.isPending} onClick={() => create.mutate()} data-testid="recharge-submit">
          {t('funds.submit')}
        </Button>
      </div>
    </SectionCard>
  );
}
