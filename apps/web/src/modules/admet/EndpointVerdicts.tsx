import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Badge, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ADMET_PROPERTY_BY_KEY, type AdmetDetailEntry, type AdmetEndpointCard } from '@yunyao/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { bandText, VERDICT_STATUS } from './admet-verdict.ts';
import './admet.i18n.ts';

type Cards = Map<string, AdmetEndpointCard> | undefined;

function formatPredict(entry: AdmetDetailEntry): string {
  if (entry.predict === null) return '-';
  return ADMET_PROPERTY_BY_KEY.get(entry.property)?.kind === 'count' ? String(entry.predict) : entry.predict.toFixed(2);
}

/** The light, with the endpoint's thresholds in its tooltip; `dotOnly` leaves out the word (the printed report). */
function VerdictLight({ entry, card, dotOnly }: { entry: AdmetDetailEntry; card: AdmetEndpointCard | undefined; dotOnly: boolean }) {
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
      <Badge status={VERDICT_STATUS[entry.verdict]} text={dotOnly ? undefined : t(`verdict.${entry.verdict}`)} data-testid={`admet-verdict-${entry.property}`} data-verdict={entry.verdict} />
    </Tooltip>
  );
}

/** The endpoint's name, with its known limitation (sanity panel) as a warning icon. */
function EndpointName({ entry, card, english }: { entry: AdmetDetailEntry; card: AdmetEndpointCard | undefined; english: boolean }) {
  const p = ADMET_PROPERTY_BY_KEY.get(entry.property);
  const limitation = card?.limitation;
  return (
    <span>
      <Tooltip title={entry.property}>{p ? (english ? p.en : p.zh) : entry.property}</Tooltip>
      {limitation && (
        <Tooltip title={english ? limitation.en : limitation.zh}>
          <ExclamationCircleOutlined style={{ color: '#faad14', marginLeft: 6 }} data-testid={`admet-limitation-${entry.property}`} />
        </Tooltip>
      )}
    </span>
  );
}

/** Percentile among approved drugs, the model's expected performance on new scaffolds and the applicability domain. */
function contextColumns(t: TFunction<'admet'>, cards: Cards): TableColumnsType<AdmetDetailEntry> {
  return [
    {
      title: <Tooltip title={t('percentileHint')}>{t('percentileCol')}</Tooltip>,
      width: 110,
      render: (_, e) => (e.percentile === undefined ? '-' : <Tooltip title={t('percentileValue', { value: e.percentile })}>{e.percentile}%</Tooltip>),
    },
    {
      title: <Tooltip title={t('metricHint')}>{t('metricCol')}</Tooltip>,
      width: 176,
      render: (_, e) => {
        const card = cards?.get(e.property);
        if (!card) return '-';
        const heldout = t('metricHeldout', { value: card.heldout_metric.toFixed(2), count: card.test_size });
        const v = card.validation;
        return (
          <Tooltip
            title={
              v ? (
                <>
                  {t('metricValidation', { metric: card.metric })}
                  <br />
                  {heldout}
                </>
              ) : (
                heldout
              )
            }
          >
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }} data-testid={`admet-metric-${e.property}`}>
              {card.metric} {(v?.mean ?? card.heldout_metric).toFixed(2)}
              {v && ` ± ${v.sd.toFixed(2)}`}
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
  ];
}

/**
 * `full`: verdict light, name, calibrated value, percentile among approved drugs, the model's held-out
 * metric and the applicability-domain flag (the detail dialog); `compact`: light, name and value (the
 * printed report's three columns); `exact`: name and value (RDKit's physicochemical values).
 */
export type EndpointLayout = 'full' | 'compact' | 'exact';

/** One group of learned endpoints (or exact properties) as a table. */
export function EndpointVerdicts({ entries, cards, layout }: { entries: AdmetDetailEntry[]; cards: Cards; layout: EndpointLayout }) {
  const exact = layout === 'exact';
  const { t, i18n } = useTranslation('admet');
  const english = i18n.language === 'en';
  const columns: TableColumnsType<AdmetDetailEntry> = [
    { title: t(exact ? 'propertyCol' : 'endpointCol'), render: (_, e) => <EndpointName entry={e} card={cards?.get(e.property)} english={english} /> },
    {
      title: t('predictCol'),
      width: 150,
      render: (_, e) => (
        <span>
          {formatPredict(e)}
          {e.unit && e.predict !== null ? <Typography.Text type="secondary"> {e.unit}</Typography.Text> : null}
        </span>
      ),
    },
  ];
  const compact = layout === 'compact';
  const verdict: TableColumnsType<AdmetDetailEntry> = [
    { title: t('verdictCol'), width: compact ? 24 : 92, render: (_, e) => <VerdictLight entry={e} card={cards?.get(e.property)} dotOnly={compact} /> },
  ];
  return (
    <Table<AdmetDetailEntry>
      size="small"
      rowKey="property"
      pagination={false}
      dataSource={entries}
      columns={exact ? columns : [...verdict, ...columns, ...(compact ? [] : contextColumns(t, cards))]}
    />
  );
}
