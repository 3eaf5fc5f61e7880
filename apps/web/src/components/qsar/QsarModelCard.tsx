import { Col, Collapse, Descriptions, Empty, Row, Table, Tag, Typography } from 'antd';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyEChart } from '../charts/LazyEChart.tsx';
import { calibrationOption, observedPredictedOption, rocOption } from './qsar-charts.ts';
import {
  cardDescriptors,
  cvText,
  foldCount,
  formatNumber,
  formatShare,
  headlineMetric,
  isClassifier,
  metricLabel,
  testMetrics,
  type QsarCard,
  type QsarSkippedRow,
} from './qsar-card.ts';
import { QSAR_NS } from './qsar.i18n.ts';

const CHART_HEIGHT = 300;
const SKIPPED_PER_PAGE = 5;

/** "XGBRegressor · 梯度提升树 (XGBoost)": the scikit-learn name the card keeps, with what it is. */
export function useQsarNames() {
  const { t } = useTranslation(QSAR_NS);
  // A name made of parts glosses each part, or is shown bare when one part has no gloss.
  const glossed = (name: string, separator: string, group: 'algo' | 'descriptor') => {
    const glosses = name.split(separator).map((part) => t(`${group}.${part}`, { defaultValue: '' }));
    return glosses.every(Boolean) ? `${name} · ${glosses.join(' + ')}` : name;
  };
  return {
    // A kept blend: "XGBRegressor + SVM (MinMax/RBF kernel)" (python/yunyao/qsar/blend.py).
    algorithm: (name: string) => glossed(name, ' + ', 'algo'),
    // A composite: "ECFP_counts+UnscaledPhyschemDescriptors", the chosen descriptors side by side.
    descriptor: (name: string) => glossed(name, '+', 'descriptor'),
    mode: (mode: string | null | undefined) => (mode === 'regression' || mode === 'classification' ? t(`mode.${mode}`) : (mode ?? '–')),
  };
}

/** The one-line verdict: the held-out headline metric with the cross-validated mean ± sd. */
export function CardVerdict({ card }: { card: QsarCard }) {
  const { t } = useTranslation(QSAR_NS);
  const head = headlineMetric(card);
  const cv = cvText(card);
  const text =
    head.value === null
      ? t('card.noTest')
      : t(cv ? 'card.verdict' : 'card.verdictNoCv', { metric: metricLabel(head.name), value: formatNumber(head.value), n: card.test?.n ?? '–', cv, folds: foldCount(card) ?? '–' });
  return (
    <Typography.Text strong style={{ fontSize: 15 }} data-testid="qsar-verdict">
      {text}
    </Typography.Text>
  );
}

function CardPlots({ card }: { card: QsarCard }) {
  const { t } = useTranslation(QSAR_NS);
  const plots = card.plots;
  const classifier = isClassifier(card);
  const charts = useMemo(() => {
    if (!classifier) {
      const points = plots?.test_points ?? [];
      return points.length
        ? [{ key: 'scatter', title: null, option: observedPredictedOption(points, { observed: t('card.observed'), predicted: t('card.predicted'), ideal: t('card.ideal') }) }]
        : [];
    }
    return [
      ...(plots?.roc?.length
        ? [{ key: 'roc', title: t('card.roc'), option: rocOption(plots.roc, { fpr: t('card.fpr'), tpr: t('card.tpr'), chance: t('card.chance'), curve: t('card.roc') }) }]
        : []),
      ...(plots?.calibration?.length
        ? [
            {
              key: 'calibration',
              title: t('card.calibration'),
              option: calibrationOption(plots.calibration, { predicted: t('card.meanPredicted'), observed: t('card.observedShare'), ideal: t('card.perfect'), curve: t('card.calibration') }),
            },
          ]
        : []),
    ];
  }, [classifier, plots, t]);

  if (!charts.length) {
    return (
      <div style={{ height: CHART_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('card.noPlot')} />
      </div>
    );
  }
  return (
    <Row gutter={12}>
      {charts.map((c) => (
        <Col key={c.key} span={24 / charts.length}>
          {c.title ? <Typography.Text type="secondary">{c.title}</Typography.Text> : null}
          <div style={{ height: CHART_HEIGHT }}>
            <Suspense fallback={null}>
              <LazyEChart option={c.option} height={CHART_HEIGHT} testId={`qsar-plot-${c.key}`} />
            </Suspense>
          </div>
        </Col>
      ))}
    </Row>
  );
}

/** Hyper-parameters as the search chose them; nested values as JSON. */
const paramText = (v: unknown) => (typeof v === 'number' ? String(Number(v.toPrecision(4))) : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * A model card at a glance: the verdict, what the model is, its test metrics and plots, then the
 * details (hyper-parameters, interval and domain, the data it was trained on, versions) folded.
 */
export function QsarModelCard({ card }: { card: QsarCard }) {
  const { t } = useTranslation(QSAR_NS);
  const names = useQsarNames();
  const metrics = testMetrics(card);
  const params = Object.entries(card.best_params ?? {});
  const skipped = card.data?.skipped ?? [];
  const versions = Object.entries(card.versions ?? {});
  const stoppedBy = card.stopped_by ? t(`card.stopped.${card.stopped_by}`, { defaultValue: card.stopped_by }) : null;

  const details = [
    {
      key: 'params',
      label: t('card.bestParams'),
      children: params.length ? (
        <Descriptions size="small" column={2} bordered items={params.map(([k, v]) => ({ key: k, label: k, children: paramText(v) }))} />
      ) : (
        <Typography.Text type="secondary">{t('card.noParams')}</Typography.Text>
      ),
    },
    {
      key: 'interval',
      label: `${t('card.interval')} · ${t('card.domain')}`,
      children: (
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'interval',
              label: t('card.interval'),
              children: card.interval
                ? t('card.intervalText', {
                    method: card.interval.method ?? '–',
                    level: formatShare(card.interval.level),
                    cv: formatShare(card.interval.cv_coverage),
                    test: formatShare(card.interval.test_coverage),
                  })
                : '–',
            },
            {
              key: 'domain',
              label: t('card.domain'),
              children: card.domain ? t('card.domainText', { method: card.domain.method ?? '–', threshold: formatNumber(card.domain.threshold, 2) }) : '–',
            },
          ]}
        />
      ),
    },
    {
      key: 'data',
      label: `${t('card.data')}${skipped.length ? ` · ${t('card.skipped')} ${skipped.length}` : ''}`,
      children: (
        <>
          <Typography.Paragraph>
            {t('card.dataText', { rows: card.data?.rows ?? '–', used: card.data?.used ?? '–', skipped: skipped.length, merged: card.data?.duplicates_merged ?? 0 })}
            {card.data?.development !== undefined && card.data?.test !== undefined ? t('card.splitText', { development: card.data.development ?? '–', test: card.data.test ?? '–', split: card.search?.split ?? '–' }) : ''}
            {card.data?.sha256 ? (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {t('card.sha256')}: <Typography.Text code>{card.data.sha256}</Typography.Text>
              </Typography.Text>
            ) : null}
          </Typography.Paragraph>
          {skipped.length ? (
            <Table<QsarSkippedRow>
              size="small"
              rowKey={(r) => `${r.line}-${r.smiles}`}
              dataSource={skipped}
              pagination={{ pageSize: SKIPPED_PER_PAGE, hideOnSinglePage: true, showSizeChanger: false }}
              columns={[
                { title: t('card.line'), dataIndex: 'line', width: 70 },
                { title: 'SMILES', dataIndex: 'smiles', ellipsis: { showTitle: true } },
                { title: t('card.reason'), dataIndex: 'reason' },
              ]}
              data-testid="qsar-skipped"
            />
          ) : null}
        </>
      ),
    },
    ...(versions.length
      ? [
          {
            key: 'versions',
            label: t('card.versions'),
            children: <Descriptions size="small" column={3} items={versions.map(([k, v]) => ({ key: k, label: k, children: String(v) }))} />,
          },
        ]
      : []),
  ];

  return (
    <div data-testid="qsar-card">
      <CardVerdict card={card} />
      <Row gutter={24} style={{ marginTop: 12 }}>
        <Col xs={24} lg={10}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'algorithm', label: t('card.algorithm'), children: card.algorithm ? names.algorithm(card.algorithm) : '–' },
              ...(card.blend
                ? [
                    {
                      key: 'blend',
                      label: t('card.blend'),
                      children: (
                        <span data-testid="qsar-blend">
                          {t(card.blend.chosen ? 'card.blendKept' : 'card.blendNotKept', { alone: formatNumber(card.blend.alone_cv), blend: formatNumber(card.blend.blend_cv) })}
                        </span>
                      ),
                    },
                  ]
                : []),
              { key: 'descriptors', label: t('card.descriptors'), children: cardDescriptors(card).map((d) => <Tag key={d}>{names.descriptor(d)}</Tag>) },
              { key: 'mode', label: t('card.mode'), children: names.mode(card.mode) },
              { key: 'label', label: t('card.label'), children: card.label ?? '–' },
              { key: 'smiles', label: t('card.smilesCol'), children: card.smiles_col ?? '–' },
              { key: 'metric', label: t('card.metric'), children: card.metric ? metricLabel(card.metric) : '–' },
              { key: 'trials', label: t('card.trialsRun'), children: stoppedBy ? t('card.trialsText', { n: card.trials_run ?? '–', stopped: stoppedBy }) : (card.trials_run ?? '–') },
              { key: 'seed', label: t('card.seed'), children: card.seed ?? '–' },
            ]}
          />
          <Table
            size="small"
            style={{ marginTop: 8 }}
            rowKey="name"
            pagination={false}
            dataSource={metrics}
            locale={{ emptyText: t('card.noTest') }}
            columns={[
              { title: t('card.testMetrics'), dataIndex: 'name', render: metricLabel },
              { title: t('card.metricValue'), dataIndex: 'value', width: 110, render: (v: number | null) => formatNumber(v) },
            ]}
            data-testid="qsar-test-metrics"
          />
        </Col>
        <Col xs={24} lg={14}>
          <CardPlots card={card} />
        </Col>
      </Row>
      <Collapse size="small" style={{ marginTop: 12 }} items={details} defaultActiveKey={skipped.length ? ['data'] : []} />
    </div>
  );
}
