import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { metricEntries } from './affinity-result.ts';
import './affinity.i18n.ts';

interface Summary {
  model?: { name?: string; version?: string; data_sha256?: string; validation?: unknown; evaluation?: unknown };
  engines?: Record<string, string>;
  protein?: { name?: string; length?: number; nearest_training_protein?: string; nearest_training_identity?: number };
}

const HASH_SHOWN = 12;

/** Which model answered (version, training-data hash, its validation figures) and the engines that ran. */
export function AffinityProvenance({ summary }: { summary: Summary }) {
  const { t } = useTranslation('affinity');
  const { model = {}, engines = {}, protein } = summary;
  const metrics = metricEntries(model.validation ?? model.evaluation).filter((m) => !Number.isInteger(m.value));
  return (
    <Descriptions size="small" column={1} bordered title={t('provenance')} styles={{ label: { width: 150, whiteSpace: 'nowrap' } }} data-testid="affinity-provenance">
      <Descriptions.Item label={t('model')}>
        {model.name ? `${model.name} · ` : ''}
        {t('version')} {model.version ?? '–'}
      </Descriptions.Item>
      <Descriptions.Item label={t('dataHash')}>
        <Typography.Text code title={model.data_sha256}>
          {model.data_sha256?.slice(0, HASH_SHOWN) ?? '–'}
        </Typography.Text>
      </Descriptions.Item>
      {metrics.length > 0 && (
        <Descriptions.Item label={t('validation')}>
          {metrics.map((m) => (
            <Tag key={m.name}>{`${m.name}: ${m.value.toFixed(3)}`}</Tag>
          ))}
        </Descriptions.Item>
      )}
      {protein?.name && (
        <Descriptions.Item label={t('protein')}>
          {t('proteinLength', { name: protein.name, length: protein.length ?? '–' })}
          {protein.nearest_training_protein && (
            <div>
              {t('nearest', { name: protein.nearest_training_protein, identity: ((protein.nearest_training_identity ?? 0) * 100).toFixed(0) })}
            </div>
          )}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('engines')}>
        {Object.entries(engines).map(([name, version]) => (
          <Tag key={name}>{`${name} ${version}`}</Tag>
        ))}
      </Descriptions.Item>
    </Descriptions>
  );
}
