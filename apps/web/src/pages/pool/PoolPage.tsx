import { DownloadOutlined, FilterOutlined, UndoOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, InputNumber, Select, Slider, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  DEFAULT_LIBRARY_SOURCE,
  LIBRARY_FILTER_FIELDS,
  LIBRARY_RESULT_LIMIT,
  LIBRARY_SIMILARITY,
  LIBRARY_SLIDERS,
  LIBRARY_SOURCES,
  type LibraryFilterField,
  type LibraryMoleculeRow,
  type Range,
} from '@yunyao/contract';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@yunyao/contract/constants';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { Molecule2D } from '../../components/Molecule2D.tsx';
import { POOL_NS } from './pool.i18n.ts';

const COUNT_DEBOUNCE_MS = 300;
const IMPORT_COMMAND = 'npm run ops -- library:import --source NAME FILE';

type Ranges = Record<LibraryFilterField, Range>;

const defaultRanges = (): Ranges =>
  Object.fromEntries(LIBRARY_FILTER_FIELDS.map((f) => [f, [...LIBRARY_SLIDERS[f].default] as Range])) as Ranges;

const stepOf = (f: LibraryFilterField) => (LIBRARY_SLIDERS[f].integer || LIBRARY_SLIDERS[f].max - LIBRARY_SLIDERS[f].min > 100 ? 1 : 0.1);

interface Structure {
  substructure: string;
  similarTo: string;
  similarity: number;
}
const noStructure = (): Structure => ({ substructure: '', similarTo: '', similarity: LIBRARY_SIMILARITY.default });

/** The query GET /api/molecule/count and /filter take: ranges as "min,max", and the structure search when given. */
function libraryQuery(source: string, ranges: Ranges, structure: Structure): Record<string, string> {
  const query: Record<string, string> = { source, ...Object.fromEntries(LIBRARY_FILTER_FIELDS.map((f) => [f, ranges[f].join(',')])) };
  if (structure.substructure.trim()) query.substructure = structure.substructure.trim();
  if (structure.similarTo.trim()) Object.assign(query, { similar_to: structure.similarTo.trim(), similarity: String(structure.similarity) });
  return query;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface RangeRowProps {
  field: LibraryFilterField;
  value: Range;
  onChange: (value: Range) => void;
}

function RangeRow({ field, value, onChange }: RangeRowProps) {
  const { label, min, max } = LIBRARY_SLIDERS[field];
  const step = stepOf(field);
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12 }} data-testid={`pool-range-${field}`}>
      <Typography.Text strong style={{ width: 64, flex: 'none' }}>
        {label}
      </Typography.Text>
      <InputNumber
        size="small"
        style={{ width: 80, flex: 'none' }}
        min={min}
        max={value[1]}
        step={step}
        value={value[0]}
        onChange={(v) => typeof v === 'number' && onChange([Math.min(v, value[1]), value[1]])}
        aria-label={`${label} min`}
        data-testid={`pool-${field}-min`}
      />
      <Slider
        range
        style={{ flex: 1, minWidth: 120 }}
        min={min}
        max={max}
        step={step}
        value={value}
        marks={{ [min]: String(min), [max]: String(max) }}
        onChange={(v) => onChange([v[0]!, v[1]!])}
      />
      <InputNumber
        size="small"
        style={{ width: 80, flex: 'none' }}
        min={value[0]}
        max={max}
        step={step}
        value={value[1]}
        onChange={(v) => typeof v === 'number' && onChange([value[0], Math.max(v, value[0])])}
        aria-label={`${label} max`}
        data-testid={`pool-${field}-max`}
      />
    </div>
  );
}

/** /calculate/pool: filter the imported molecule libraries by descriptor ranges, list and download the molecules. */
export default function PoolPage() {
  const { t } = useTranslation(POOL_NS);
  const [chosen, setChosen] = useState<string | null>(null);
  const [ranges, setRanges] = useState<Ranges>(defaultRanges);
  const [structure, setStructure] = useState<Structure>(noStructure);
  const [limit, setLimit] = useState<number>(LIBRARY_RESULT_LIMIT);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);

  const sources = useQuery({ queryKey: ['library', 'sources'], queryFn: api.library.sources });
  const imported = useMemo(() => new Map((sources.data ?? []).map((s) => [s.source, s.count])), [sources.data]);
  // Until the user picks one: the default if it is imported, else the first imported library.
  const source = chosen ?? (imported.has(DEFAULT_LIBRARY_SOURCE) || imported.size === 0 ? DEFAULT_LIBRARY_SOURCE : [...imported.keys()][0]!);
  const sourceReady = imported.has(source);
  const features = useQuery({ queryKey: ['library', 'features'], queryFn: api.library.features });
  const structureSearch = features.data?.structure_search === true;

  const query = useMemo(() => libraryQuery(source, ranges, structureSearch ? structure : noStructure()), [source, ranges, structure, structureSearch]);
  const debouncedQuery = useDebounced(query, COUNT_DEBOUNCE_MS);
  const count = useQuery({
    queryKey: ['library', 'count', debouncedQuery],
    queryFn: () => api.library.count(debouncedQuery),
    enabled: imported.has(debouncedQuery.source!),
    placeholderData: keepPreviousData,
  });
  const counting = count.isFetching || debouncedQuery !== query;

  const results = useMutation({ mutationFn: (q: Record<string, string | number>) => api.library.filter(q) });
  const downloading = useMutation({ mutationFn: (q: Record<string, string | number>) => api.library.downloadCsv(q) });

  const options = useMemo(() => {
    const known = LIBRARY_SOURCES.map((s) => ({ source: s.source as string, label: s.label as string, specCount: s.specCount as number | null }));
    const extra = [...imported.keys()].filter((name) => !known.some((k) => k.source === name)).map((name) => ({ source: name, label: name, specCount: null }));
    return [...known, ...extra].map((s) => {
      const real = imported.get(s.source);
      return {
        value: s.source,
        disabled: real === undefined,
        label: (
          <Space size={8}>
            <span>{s.label}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {real !== undefined ? t('sourceImported', { count: real.toLocaleString() }) : t('sourceMissing', { count: (s.specCount ?? 0).toLocaleString() })}
            </Typography.Text>
          </Space>
        ),
      };
    });
  }, [imported, t]);

  const columns: TableColumnsType<LibraryMoleculeRow & { key: number }> = [
    { title: t('index'), key: 'index', width: 72, render: (_v, r) => r.key + 1 },
    { title: t('name'), dataIndex: 'name', width: 200, ellipsis: true },
    { title: t('smiles'), dataIndex: 'smiles', render: (s: string) => <Typography.Text style={{ wordBreak: 'break-all' }}>{s}</Typography.Text> },
    { title: t('structure'), key: 'structure', width: 150, render: (_v, r) => <Molecule2D smiles={r.smiles} width={120} height={90} /> },
    ...(results.data?.some((r) => r.similarity !== undefined)
      ? [{ title: t('similarity'), dataIndex: 'similarity', width: 110, render: (v: number) => v.toFixed(3) }]
      : []),
  ];

  function runFilter() {
    setPage(1);
    results.mutate({ ...query, limit });
  }

  function reset() {
    setRanges(defaultRanges());
    setStructure(noStructure());
    setLimit(LIBRARY_RESULT_LIMIT);
  }

  const rows = useMemo(() => (results.data ?? []).map((r, i) => ({ ...r, key: i })), [results.data]);
  const noLibrary = sources.isSuccess && imported.size === 0;
  const countValue = count.data;

  return (
    <Card title={<Typography.Title level={4} style={{ margin: 0 }}>{t('title')}</Typography.Title>}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {noLibrary && (
        <div data-testid="pool-no-library">
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('emptyTitle')}
            description={
              <>
                {t('emptyText')} <Typography.Text code copyable>{IMPORT_COMMAND}</Typography.Text>
                <br />
                {t('emptyNote')}
              </>
            }
          />
        </div>
      )}
      <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 760 }}>
        <Space wrap>
          <Typography.Text strong>{t('source')}</Typography.Text>
          <Select
            style={{ width: 320 }}
            loading={sources.isLoading}
            value={source}
            onChange={(v: string) => setChosen(v)}
            options={options}
            data-testid="pool-source"
          />
        </Space>
        {!noLibrary && sources.isSuccess && !sourceReady && <Alert type="warning" showIcon title={t('notImported')} />}
        <Typography.Text strong>{t('ranges')}</Typography.Text>
        {LIBRARY_FILTER_FIELDS.map((f) => (
          <RangeRow key={f} field={f} value={ranges[f]} onChange={(v) => setRanges((r) => ({ ...r, [f]: v }))} />
        ))}
        {structureSearch && (
          <>
            <Typography.Text strong>{t('structureSearch')}</Typography.Text>
            <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
              <Typography.Text strong style={{ width: 96, flex: 'none' }}>
                {t('substructure')}
              </Typography.Text>
              <Input
                allowClear
                placeholder={t('substructureHint')}
                value={structure.substructure}
                onChange={(e) => setStructure((s) => ({ ...s, substructure: e.target.value }))}
                data-testid="pool-substructure"
              />
            </div>
            <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
              <Typography.Text strong style={{ width: 96, flex: 'none' }}>
                {t('similarTo')}
              </Typography.Text>
              <Input
                allowClear
                placeholder={t('similarToHint')}
                value={structure.similarTo}
                onChange={(e) => setStructure((s) => ({ ...s, similarTo: e.target.value }))}
                data-testid="pool-similar-to"
              />
              <Typography.Text style={{ flex: 'none' }}>{t('threshold')}</Typography.Text>
              <InputNumber
                style={{ width: 90, flex: 'none' }}
                min={LIBRARY_SIMILARITY.min}
                max={LIBRARY_SIMILARITY.max}
                step={0.05}
                value={structure.similarity}
                onChange={(v) => typeof v === 'number' && setStructure((s) => ({ ...s, similarity: v }))}
                data-testid="pool-similarity"
              />
            </div>
          </>
        )}
        <Space wrap>
          <Typography.Text strong>{t('limit')}</Typography.Text>
          <InputNumber
            min={1}
            max={LIBRARY_RESULT_LIMIT}
            precision={0}
            value={limit}
            onChange={(v) => setLimit(typeof v === 'number' ? v : LIBRARY_RESULT_LIMIT)}
            data-testid="pool-limit"
          />
          <Typography.Text type="secondary">{t('limitHint', { max: LIBRARY_RESULT_LIMIT })}</Typography.Text>
        </Space>
        <Typography.Text
          data-testid="pool-count"
          data-count={sourceReady && countValue !== undefined && !counting ? countValue : undefined}
          data-state={!sourceReady ? 'none' : counting ? 'loading' : count.isError ? 'error' : 'ready'}
          type={count.isError ? 'danger' : undefined}
          style={{ fontSize: 15 }}
        >
          {!sourceReady
            ? '\u00a0'
            : count.isError
              ? count.error.message || t('countFailed')
              : countValue === undefined
                ? t('counting')
                : t('count', { n: countValue.toLocaleString() })}
        </Typography.Text>
        <Space wrap>
          <Button type="primary" icon={<FilterOutlined />} disabled={!sourceReady} loading={results.isPending} onClick={runFilter} data-testid="pool-filter">
            {t('filter')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            disabled={!sourceReady}
            loading={downloading.isPending}
            onClick={() => downloading.mutate({ ...query, limit })}
            data-testid="pool-download"
          >
            {t('download')}
          </Button>
          <Button icon={<UndoOutlined />} onClick={reset} data-testid="pool-reset">
            {t('reset')}
          </Button>
        </Space>
      </Space>
      <Table<LibraryMoleculeRow & { key: number }>
        style={{ marginTop: 24 }}
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={results.isPending}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={results.data ? t('noResults') : t('notFiltered')} /> }}
        pagination={{
          current: page,
          pageSize,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (total) => t('total', { total }),
          onChange: (p, size) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          },
        }}
        onRow={(r) => ({ 'data-testid': 'pool-row', 'data-name': r.name }) as React.HTMLAttributes<HTMLElement>}
        data-testid="pool-results"
      />
    </Card>
  );
}
