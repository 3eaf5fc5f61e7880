import { InputNumber, Space, Typography } from 'antd';
import { BLIND_POCKETS } from '@yunyao/modules/forms/autodock';
import { useTranslation } from 'react-i18next';
import './autodock.i18n.ts';

/** How many of the detected pockets a blind task docks into, with what blind docking does. */
export function BlindPocketsInput({ value, onChange }: { value: number; onChange: (count: number) => void }) {
  const { t } = useTranslation('autodock');
  return (
    <Space wrap>
      <InputNumber
        addonBefore={t('blindPockets')}
        min={BLIND_POCKETS.min}
        max={BLIND_POCKETS.max}
        precision={0}
        value={value}
        onChange={(v) => onChange(Number(v ?? BLIND_POCKETS.default))}
        style={{ width: 160 }}
        data-testid="docking-blind-pockets"
      />
      <Typography.Text type="secondary">{t('blindHint')}</Typography.Text>
    </Space>
  );
}
