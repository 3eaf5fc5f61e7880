import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import './licensed.i18n.ts';
import { useLicensedEngines } from './useLicensedEngines.ts';

const ENGINES = {
  rosetta: { name: 'Rosetta', setting: 'ROSETTA_BIN' },
  vasp: { name: 'VASP', setting: 'VASP_BIN' },
} as const;

/** The spec's notice that licensed software needs the user's own licence, and whether this platform can run it. */
export function LicensedNotice({ engine }: { engine: keyof typeof ENGINES }) {
  const { t } = useTranslation('licensed');
  const engines = useLicensedEngines();
  const { name, setting } = ENGINES[engine];
  const state = engines.isPending ? (
    <Alert type="info" showIcon title={t('checking', { engine: name })} />
  ) : engines.isError ? (
    <Alert type="warning" showIcon title={t('checkFailed', { engine: name })} />
  ) : engines.data[engine] ? (
    <Alert type="success" showIcon title={t('configured', { engine: name })} />
  ) : (
    <Alert type="warning" showIcon title={t('notConfigured', { engine: name, setting })} data-testid="licensed-not-configured" />
  );
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%', marginBottom: 16 }} data-testid="licensed-notice">
      <Alert type="info" title={t('licence', { engine: name })} />
      {state}
    </Space>
  );
}
