import { Alert, Descriptions, Space, Table, Tag, Typography } from 'antd';
import type { QmMoleculeResult, Thermochemistry } from '@yunyao/quantum';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ENGINE_NAMES } from './engine-names.ts';
import { thermoRows, type ThermoRow } from './vibrations.ts';
import './quantum-results.i18n.ts';

/**
 * A frequency job's thermochemistry: each energy in Eh and kcal/mol, whether the engine printed it
 * or the platform derived it, then S and the heat capacity; warns when imaginary modes void it.
 */
export function ThermochemistryPanel({ m, thermo }: { m: QmMoleculeResult; thermo: Thermochemistry }) {
  const { t } = useTranslation('quantum');
  const rows = useMemo(() => thermoRows(thermo), [thermo]);
  const source = (derived: boolean) => (derived ? <Tag color="blue">{t('derived')}</Tag> : <Tag>{t('fromEngine')}</Tag>);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="quantum-thermo">
      <Typography.Text type="secondary">
        {t('thermoConditions', { engine: ENGINE_NAMES[m.engine], temperature: thermo.temperature, pressure: thermo.pressure })}
      </Typography.Text>
      {(m.imaginary_count ?? 0) > 0 && <Alert type="error" showIcon title={t('thermoImaginary')} />}
      <Table<ThermoRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('thermoQuantity'), dataIndex: 'key', render: (key: ThermoRow['key']) => t(`thermo.${key}`) },
          { title: t('thermoHartree'), dataIndex: 'hartree', align: 'right', render: (v: number) => <span data-testid="thermo-hartree">{v.toFixed(6)}</span> },
          { title: t('thermoKcal'), dataIndex: 'kcal', align: 'right', render: (v: number | null) => (v === null ? '—' : v.toFixed(2)) },
          { title: t('thermoSource'), dataIndex: 'derived', render: source },
        ]}
      />
      <Descriptions
        bordered
        size="small"
        column={2}
        items={[
          {
            key: 'entropy',
            label: t('entropy'),
            children: (
              <Space>
                {`${thermo.entropy.toFixed(3)} ${t('calMolK')}`}
                {source(thermo.derived.includes('entropy'))}
              </Space>
            ),
          },
          ...(thermo.heat_capacity
            ? [{ key: 'cp', label: t('heatCapacity', { kind: thermo.heat_capacity.kind }), children: `${thermo.heat_capacity.value.toFixed(3)} ${t('calMolK')}` }]
            : []),
        ]}
      />
      {m.engine === 'mopac' && <Alert type="info" showIcon title={t('thermoMopacNote')} />}
    </Space>
  );
}
