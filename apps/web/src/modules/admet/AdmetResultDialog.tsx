import { DownloadOutlined, UndoOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Col, Empty, Modal, Pagination, Radio, Row, Slider, Space, Spin, Tabs, Tag, Typography } from 'antd';
import {
  ADMET_BBB_CUT,
  ADMET_FILTER_PAGE_SIZE,
  ADMET_HERG_CUT,
  ADMET_RANGE_SLIDERS,
  ADMET_THRESHOLD_SLIDERS,
  admetVerdictCounts,
  type AdmetResultItem,
  type Range,
  type TaskRow,
} from '@yunyao/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { Molecule2D } from '../../components/Molecule2D.tsx';
import { downloadTaskResult } from '../../components/tasks/DownloadResultButton.tsx';
import { AdmetDetailDialog } from './AdmetDetailDialog.tsx';
import { BoiledEggChart } from './medchem/BoiledEggChart.tsx';
import {
  admetFilterQuery,
  defaultAdmetFilter,
  RANGE_KEYS,
  THRESHOLD_KEYS,
  type AdmetFilterState,
  type PosNeg,
  type PosNegKey,
  type RangeKey,
  type ThresholdKey,
} from './admet-filter.ts';
import './admet.i18n.ts';

const fmt = (v: unknown, digits = 2) => (typeof v === 'number' ? v.toFixed(digits) : '-');

function MoleculeCard({ row, onOpen }: { row: AdmetResultItem; onOpen: () => void }) {
  const { t } = useTranslation('admet');
  const outside = row.out_of_domain?.length ?? 0;
  return (
    <Card size="small" hoverable onClick={onOpen} data-testid="admet-molecule" styles={{ body: { padding: 8 } }}>
      <Molecule2D smiles={row.Smiles} width={180} height={120} />
      <Typography.Text strong ellipsis style={{ display: 'block', marginTop: 4 }} title={row.name}>
        {row.index}. {row.name}
      </Typography.Text>
      {row.error ? (
        <Tag color="error">{t('failedRow')}</Tag>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          MW {fmt(row.molecular_weight, 1)} · logP {fmt(row.logP)} · QED {fmt(row.QED)}
          <br />
          BBB {fmt(row.BBB_Martins)} · hERG {fmt(row.hERG)}
        </Typography.Text>
      )}
      {row.verdicts && <VerdictCounts row={row} />}
      {outside > 0 && (
        <Tag color="warning" style={{ marginTop: 4 }}>
          {t('outOfDomain', { count: outside })}
        </Tag>
      )}
    </Card>
  );
}

/** How many endpoints of the molecule are unfavourable (red) and need caution (amber). */
function VerdictCounts({ row }: { row: AdmetResultItem }) {
  const { t } = useTranslation('admet');
  const { red, amber } = admetVerdictCounts(row);
  return (
    <div style={{ marginTop: 4 }} data-testid="admet-verdict-counts">
      <Tag color="error">{t('redCount', { count: red })}</Tag>
      <Tag color="warning">{t('amberCount', { count: amber })}</Tag>
    </div>
  );
}

function FilterRow({
  filterKey,
  label,
  checked,
  onCheck,
  children,
}: {
  filterKey: string;
  label: string;
  checked: boolean;
  onCheck: (v: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <Row align="middle" gutter={8} wrap={false}>
      <Col flex="180px">
        <Checkbox checked={checked} onChange={(e) => onCheck(e.target.checked)} data-testid={`admet-filter-${filterKey}`}>
          {label}
        </Checkbox>
      </Col>
      <Col flex="auto">{children}</Col>
    </Row>
  );
}

/** A slider with its current value beside it, in a fixed width so the row never shifts as the value changes. */
function SliderWithValue({ text, title, children }: { text: string; title?: string | undefined; children: React.ReactNode }) {
  return (
    <Row align="middle" wrap={false} gutter={8}>
      <Col flex="auto">{children}</Col>
      <Col flex="84px">
        <Typography.Text type="secondary" style={{ fontSize: 12 }} title={title}>
          {text}
        </Typography.Text>
      </Col>
    </Row>
  );
}

/**
 * The view of a finished ADMET task (spec: molecule-property filter dialog): sliders that
 * narrow the results, "found N records", structure drawings, and the detail dialog per molecule.
 */
export default function AdmetResultDialog({ task, onClose }: { task: TaskRow; onClose: () => void }) {
  const { t } = useTranslation('admet');
  const { t: tMedchem } = useTranslation('admetMedchem');
  // `draft` follows the sliders while they move; `applied` changes when a drag ends, so one drag is one request.
  const [draft, setDraft] = useState<AdmetFilterState>(defaultAdmetFilter);
  const [applied, setApplied] = useState<AdmetFilterState>(draft);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<AdmetResultItem | null>(null);
  const query = admetFilterQuery(task.id, applied);
  const { data, isFetching, isLoading } = useQuery({
    queryKey: ['admet', 'filter', query, page],
    queryFn: () => api.admet.filter({ ...query, page, limit: ADMET_FILTER_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  function apply(next: AdmetFilterState) {
    setDraft(next);
    setApplied(next);
    setPage(1);
  }
  const toggle = (key: RangeKey | ThresholdKey, on: boolean) => {
    const enabled = new Set(draft.enabled);
    if (on) enabled.add(key);
    else enabled.delete(key);
    apply({ ...draft, enabled });
  };
  const withRange = (key: RangeKey, v: number[]) => ({ ...draft, ranges: { ...draft.ranges, [key]: v as Range } });
  const withThreshold = (key: ThresholdKey, v: number) => ({ ...draft, thresholds: { ...draft.thresholds, [key]: v } });
  const posNeg = (key: PosNegKey, hint: string) => (
    <Row align="middle" gutter={8} wrap={false}>
      <Col flex="180px">{key === 'BBB_Martins' ? 'BBB' : 'hERG'}</Col>
      <Col flex="auto">
        <Radio.Group
          size="small"
          value={draft.posNeg[key]}
          onChange={(e) => apply({ ...draft, posNeg: { ...draft.posNeg, [key]: e.target.value as PosNeg } })}
          options={[
            { value: 0, label: t('any') },
            { value: 1, label: t('positive') },
            { value: 2, label: t('negative') },
          ]}
          data-testid={`admet-filter-${key}`}
        />
        <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
          {hint}
        </Typography.Text>
      </Col>
    </Row>
  );

  const rows = data?.admets ?? [];
  return (
    <Modal open width={1120} title={t('resultTitle', { id: task.id })} footer={null} onCancel={onClose}>
      {/* antd puts a Modal's own data-* props on its hidden root, so tests find the dialog by its body */}
      <div data-testid="admet-result">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('filterNote')}
        </Typography.Paragraph>
        <Row gutter={[32, 4]}>
          <Col xs={24} md={12}>
            {RANGE_KEYS.map((key) => {
              const s = ADMET_RANGE_SLIDERS[key];
              return (
                <FilterRow key={key} filterKey={key} label={t(`filters.${key}`)} checked={draft.enabled.has(key)} onCheck={(on) => toggle(key, on)}>
                  <SliderWithValue text={draft.ranges[key].join(' – ')}>
                    <Slider
                      range
                      min={s.min}
                      max={s.max}
                      step={s.step}
                      value={draft.ranges[key]}
                      disabled={!draft.enabled.has(key)}
                      onChange={(v) => setDraft(withRange(key, v))}
                      onChangeComplete={(v) => apply(withRange(key, v))}
                    />
                  </SliderWithValue>
                </FilterRow>
              );
            })}
            {posNeg('BBB_Martins', t('bbbHint', { cut: ADMET_BBB_CUT }))}
          </Col>
          <Col xs={24} md={12}>
            {THRESHOLD_KEYS.map((key) => {
              const s = ADMET_THRESHOLD_SLIDERS[key];
              const value = draft.thresholds[key];
              return (
                <FilterRow key={key} filterKey={key} label={t(`filters.${key}`)} checked={draft.enabled.has(key)} onCheck={(on) => toggle(key, on)}>
                  <SliderWithValue
                    text={s.keep === 'min' ? t('atLeast', { value }) : t('atMost', { value })}
                    title={key === 'Solubility_AqSolDB' ? t('solubilityHint') : undefined}
                  >
                    <Slider
                      min={0}
                      max={1}
                      step={0.01}
                      value={value}
                      disabled={!draft.enabled.has(key)}
                      onChange={(v) => setDraft(withThreshold(key, v))}
                      onChangeComplete={(v) => apply(withThreshold(key, v))}
                    />
                  </SliderWithValue>
                </FilterRow>
              );
            })}
            {posNeg('hERG', t('hergHint', { cut: ADMET_HERG_CUT }))}
          </Col>
        </Row>
        <Space style={{ width: '100%', justifyContent: 'space-between', margin: '12px 0' }} wrap>
          <Typography.Text strong data-testid="admet-found">
            {t('found', { count: data?.totalCount ?? 0 })}
          </Typography.Text>
          <Space wrap>
            <Button icon={<UndoOutlined />} onClick={() => apply(defaultAdmetFilter())}>
              {t('reset')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void api.admet.downloadCsv(query).catch(() => undefined)} data-testid="admet-download-filtered">
              {t('downloadFiltered')}
            </Button>
            <Button type="primary" icon={<DownloadOutlined />} onClick={() => void downloadTaskResult(task).catch(() => undefined)} data-testid="admet-download-all">
              {t('downloadAll')}
            </Button>
          </Space>
        </Space>
        <Tabs
          items={[
            {
              key: 'molecules',
              label: tMedchem('tabMolecules'),
              children: (
                <>
                  <Spin spinning={isFetching && !isLoading}>
                    <div style={{ minHeight: 420 }}>
                      {isLoading ? (
                        <Spin style={{ display: 'block', marginTop: 160 }} />
                      ) : rows.length === 0 ? (
                        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} style={{ paddingTop: 120 }} />
                      ) : (
                        <Row gutter={[12, 12]}>
                          {rows.map((row) => (
                            <Col key={row.index} style={{ flex: '0 0 20%', maxWidth: '20%' }}>
                              <MoleculeCard row={row} onOpen={() => setOpened(row)} />
                            </Col>
                          ))}
                        </Row>
                      )}
                    </div>
                  </Spin>
                  <Pagination
                    style={{ marginTop: 12, textAlign: 'right' }}
                    current={page}
                    pageSize={ADMET_FILTER_PAGE_SIZE}
                    total={data?.totalCount ?? 0}
                    onChange={setPage}
                    showSizeChanger={false}
                    hideOnSinglePage
                  />
                </>
              ),
            },
            { key: 'egg', label: tMedchem('egg'), children: <BoiledEggChart query={query} /> },
          ]}
        />
      </div>
      {opened && <AdmetDetailDialog smiles={opened.Smiles} name={opened.name} taskId={task.id} onClose={() => setOpened(null)} />}
    </Modal>
  );
}
