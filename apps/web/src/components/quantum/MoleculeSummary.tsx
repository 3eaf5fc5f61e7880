import { Alert, Collapse, Descriptions, Space, Tag, Typography } from 'antd';
import type { QmJob, QmMoleculeResult } from '@yunyao/quantum';
import { useTranslation } from 'react-i18next';
import { ENGINE_NAMES } from './engine-names.ts';
import { fixed } from './format.ts';
import './quantum.i18n.ts';

/** The summary tab: engine, level, energies, frontier orbitals, dipole, imaginary modes, warnings and the engine input. */
export function MoleculeSummary({ m, job }: { m: QmMoleculeResult; job: QmJob | undefined }) {
  const { t } = useTranslation('quantum');
  const imaginary = m.imaginary_count ?? 0;
  const items = [
    { key: 'engine', label: t('engineCol'), children: `${ENGINE_NAMES[m.engine]}${m.engineVersion ? ` ${m.engineVersion}` : ''}` },
    { key: 'level', label: t('level'), children: m.level },
    ...(job ? [{ key: 'task', label: t('task'), children: `${job.task} · q = ${job.charge} · 2S+1 = ${job.multiplicity}` }] : []),
    {
      key: 'energy',
      label: t('finalEnergy'),
      children: (
        <Typography.Text strong data-testid="quantum-final-energy" data-value={m.final_energy ?? ''}>
          {fixed(m.final_energy, 8, 'Eh')}
        </Typography.Text>
      ),
    },
    ...(m.heat_of_formation !== null && m.heat_of_formation !== undefined
      ? [{ key: 'hof', label: t('heatOfFormation'), children: fixed(m.heat_of_formation, 3, 'kcal/mol') }]
      : []),
    ...(m.orbitals
      ? [
          { key: 'homo', label: t('homo'), children: fixed(m.orbitals.homo, 3, 'eV') },
          { key: 'lumo', label: t('lumo'), children: fixed(m.orbitals.lumo, 3, 'eV') },
          { key: 'gap', label: t('gap'), children: fixed(m.orbitals.gap, 3, 'eV') },
        ]
      : []),
    ...(m.dipole
      ? [
          {
            key: 'dipole',
            label: t('dipole'),
            children: (
              <span title={`x ${m.dipole.x.toFixed(3)}, y ${m.dipole.y.toFixed(3)}, z ${m.dipole.z.toFixed(3)} D`}>{fixed(m.dipole.total, 3, 'D')}</span>
            ),
          },
        ]
      : []),
    ...(m.imaginary_count !== null
      ? [
          {
            key: 'imaginary',
            label: t('imaginary'),
            children: (
              <Space>
                <span>{imaginary}</span>
                {imaginary > 0 && <Tag color="warning">{t('imaginaryWarn')}</Tag>}
              </Space>
            ),
          },
        ]
      : []),
    ...(job && job.task !== 'SP' ? [{ key: 'opt', label: t('optimized'), children: m.optimized ? <Tag color="success">{t('optimizedYes')}</Tag> : <Tag>{t('optimizedNo')}</Tag> }] : []),
    { key: 'seconds', label: t('seconds'), children: fixed(m.seconds, 2, 's') },
  ];
  return (
    <div data-testid="quantum-summary">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Descriptions bordered size="small" column={2} items={items} styles={{ label: { width: 170, whiteSpace: 'nowrap' } }} />
        {m.warnings.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('warnings')}
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {m.warnings.map((w, i) => (
                  <li key={i}>{w}</li>
                ))}
              </ul>
            }
          />
        )}
        <Collapse
          size="small"
          items={[
            {
              key: 'input',
              label: t('input'),
              children: (
                <pre style={{ margin: 0, maxHeight: 320, overflow: 'auto', fontSize: 12, lineHeight: 1.45 }} data-testid="quantum-input">
                  {m.input}
                </pre>
              ),
            },
          ]}
        />
      </Space>
    </div>
  );
}
