import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Badge, Table, Tag, Tooltip, Typography } from 'antd';
import { ADMET_PROPERTY_BY_KEY, type AdmetDetailEntry, type AdmetEndpointCard } from '@yunyao/contract';
import { useTranslation } from 'react-i18next';
import { bandText, VERDICT_STATUS } from './admet-verdict.ts';
import './admet.i18n.ts';

/** The light, with the endpoint's thresholds in its tooltip. */
function VerdictLight({ entry, card }: { entry: AdmetDetailEntry; card: AdmetEndpointCard | undefined }) {
  const { t } = useTranslation('admet');
  if (!entry.verdict) return <Typography.Text type="secondary">-</Typography.Text>;
  const unit = card?.rule.scale === 'ld50_mg_per_kg' ? ' mg/kg' : '';
  const favourable = card ? bandText(card.rule.favourable) : null;
  const caution = card ? bandText(card.rule.caution) : null;
  const rule = card
    ? [favourable && t('ruleFavourable', { band: favourable + unit }), caution && t('ruleCaution', { band: caution + unit }), t('ruleOtherwise')].filter(Boolean).join('；')
    : '';
  return (
    <Tooltip title={rule}>
      <Badge status={VERDICT_STATUS[entry.verdict]} text={t(`verdict.${entry.verdict}`)} data-testid={`admet-verdict-${entry.property}`} data-verdict={entry.verdict} />
    </Tooltip>
  );
}

/**
 * Learned endpoints of one group, each with its verdict light, calibrated value, percentile among
 * approved drugs, the model's held-out metric and the applicability-domain flag (also used by the report).
 */
export function EndpointVerdicts({ entries, cards }: { entries: AdmetDetailEntry[]; cards: Map<string, AdmetEndpointCard> | undefined }) {
  const { t, i18n } = useTranslation('admet');
  const english = i18n.language === 'en';
  return (
    <Table<AdmetDetailEntry>
      size="small"
      rowKey="property"
      pagination={false}
      dataSource={entries}
      columns={[
        { title: t('verdictCol'), width: 92, render: (_, e) => <VerdictLight entry={e} card={cards?.get(e.property)} /> },
        {
          title: t('endpointCol'),
          render: (_, e) => {
            const p = ADMET_PROPERTY_BY_KEY.get(e.property);
            const limitation = cards?.get(e.property)?.limitation;
            return (
              <span>
                <Tooltip title={e.property}>{p ? (english ? p.en : p.zh) : e.property}</Tooltip>
                {limitation && (
                  <Tooltip title={english ? limitation.en : limitation.zh}>
                    <ExclamationCircleOutlined style={{ color: '#faad14', marginLeft: 6 }} data-testid={`admet-limitation-${e.property}`} />
                  </Tooltip>
                )}
              </span>
            );
          },
        },
        {
          title: t('predictCol'),
          width: 150,
          render: (_, e) => (
            <span>
              {e.predict === null ? '-' : e.predict.toFixed(2)}
              {e.unit && e.predict !== null ? <Typography.Text type="secondary"> {e.unit}</Typography.Text> : null}
            </span>
          ),
        },
        {
          title: <Tooltip title={t('percentileHint')}>{t('percentileCol')}</Tooltip>,
          width: 96,
          render: (_, e) => (e.percentile === undefined ? '-' : <Tooltip title={t('percentileValue', { value: e.percentile })}>{e.percentile}%</Tooltip>),
        },
        {
          title: <Tooltip title={t('metricHint')}>{t('metricCol')}</Tooltip>,
          width: 124,
          render: (_, e) => {
            const card = cards?.get(e.property);
            if (!card) return '-';
            return (
              <Tooltip title={t('metricValue', { metric: card.metric, n: card.test_size })}>
                <Typography.Text type="secondary">
                  {card.metric} {card.heldout_metric.toFixed(2)}
                </Typography.Text>
              </Tooltip>
            );
          },
        },
        {
          title: <Tooltip title={t('domainHint')}>{t('domainCol')}</Tooltip>,
          width: 100,
          render: (_, e) =>
            e.in_domain === false ? (
              <Tooltip title={t('outsideHint')}>
                <Tag color="warning">{t('outside')}</Tag>
              </Tooltip>
            ) : (
              <Tag>{t('inside')}</Tag>
            ),
        },
      ]}
    />
  );
}
