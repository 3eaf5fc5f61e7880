import { Checkbox, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './drawn-molecules.i18n.ts';

/** 先用 xtb (GFN2) 预优化: every molecule of the task is optimised with GFN2-xTB before the main engine (a billed step). */
export function PreoptXtbCheckbox({ checked, onChange, testId }: { checked: boolean; onChange: (checked: boolean) => void; testId: string }) {
  const { t } = useTranslation('drawnMolecules');
  return (
    <div>
      <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId}>
        {t('preopt')}
      </Checkbox>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 4 }}>
        {t('preoptHint')}
      </Typography.Text>
    </div>
  );
}

/** The form field the option posts, only when chosen. */
export function appendPreopt(body: FormData, checked: boolean): void {
  if (checked) body.set('preopt_xtb', 'true');
}
