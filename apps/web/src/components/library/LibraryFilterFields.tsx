import { Alert, Input, InputNumber, Select, Slider, Space, Tooltip, Typography } from 'antd';
import { LIBRARY_FILTER_FIELDS, LIBRARY_RESULT_LIMIT, LIBRARY_SIMILARITY, LIBRARY_SLIDERS, LIBRARY_SOURCES, type LibraryFilterField, type Range } from '@yunyao/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { POOL_NS } from './library.i18n.ts';
import type { LibraryFilter } from './useLibraryFilter.ts';

const stepOf = (f: LibraryFilterField) => (LIBRARY_SLIDERS[f].integer || LIBRARY_SLIDERS[f].max - LIBRARY_SLIDERS[f].min > 100 ? 1 : 0.1);

interface RangeRowProps {
  field: LibraryFilterField;
  value: Range;
  onChange: (value: Range) => void;
  testId: string;
}

function RangeRow({ field, value, onChange, testId }: RangeRowProps) {
  const { t } = useTranslation(POOL_NS);
  const { min, max } = LIBRARY_SLIDERS[field];
  const label = t(`fields.${field}`);
  const step = stepOf(field);
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12 }} data-testid={`${testId}-range-${field}`}>
      <Tooltip title={t(`fieldNames.${field}`)} placement="left">
        <Typography.Text strong style={{ width: 92, flex: 'none', whiteSpace: 'nowrap' }}>
          {label}
        </Typography.Text>
      </Tooltip>
      <InputNumber
        size="small"
        style={{ width: 80, flex: 'none' }}
        min={min}
        max={value[1]}
        step={step}
        value={value[0]}
        onChange={(v) => typeof v === 'number' && onChange([Math.min(v, value[1]), value[1]])}
        aria-label={`${label} min`}
        data-testid={`${testId}-${field}-min`}
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
        data-testid={`${testId}-${field}-max`}
      />
    </div>
  );
}

/**
 * The library filter's fields: library, descriptor ranges, structure search (where the database
 * has the RDKit cartridge), result limit and the live count. `testId` prefixes every test id.
 */
export function LibraryFilterFields({ filter, testId }: { filter: LibraryFilter; testId: string }) {
  const { t } = useTranslation(POOL_NS);
  const { imported, structure, setStructure } = filter;

  // Only libraries that were imported are offered: one that was not would answer nothing. Staff
  // import the others with the command the empty state names.
  const options = useMemo(() => {
    const known = LIBRARY_SOURCES.map((s) => ({ source: s.source as string, label: s.label as string }));
    const extra = [...imported.keys()].filter((name) => !known.some((k) => k.source === name)).map((name) => ({ source: name, label: name }));
    return [...known, ...extra].flatMap((s) => {
      const count = imported.get(s.source);
      if (count === undefined) return [];
      return [
        {
          value: s.source,
          label: (
            <Space size={8}>
              <span>{s.label}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('sourceImported', { count: count.toLocaleString() })}
              </Typography.Text>
            </Space>
          ),
        },
      ];
    });
  }, [imported, t]);

  const countValue = filter.count.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 760 }}>
      <Space wrap>
        <Typography.Text strong>{t('source')}</Typography.Text>
        <Select style={{ width: 320 }} loading={filter.sources.isLoading} value={filter.source} onChange={(v: string) => filter.choose(v)} options={options} data-testid={`${testId}-source`} />
      </Space>
      {!filter.noLibrary && filter.sources.isSuccess && !filter.sourceReady && <Alert type="warning" showIcon title={t('notImported')} />}
      <Typography.Text strong>{t('ranges')}</Typography.Text>
      {LIBRARY_FILTER_FIELDS.map((f) => (
        <RangeRow key={f} field={f} value={filter.ranges[f]} onChange={(v) => filter.setRange(f, v)} testId={testId} />
      ))}
      {filter.structureSearch && (
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
              data-testid={`${testId}-substructure`}
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
              data-testid={`${testId}-similar-to`}
            />
            <Typography.Text style={{ flex: 'none' }}>{t('threshold')}</Typography.Text>
            <InputNumber
              style={{ width: 90, flex: 'none' }}
              min={LIBRARY_SIMILARITY.min}
              max={LIBRARY_SIMILARITY.max}
              step={0.05}
              value={structure.similarity}
              onChange={(v) => typeof v === 'number' && setStructure((s) => ({ ...s, similarity: v }))}
              data-testid={`${testId}-similarity`}
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
          value={filter.limit}
          onChange={(v) => filter.setLimit(typeof v === 'number' ? v : LIBRARY_RESULT_LIMIT)}
          data-testid={`${testId}-limit`}
        />
        <Typography.Text type="secondary">{t('limitHint', { max: LIBRARY_RESULT_LIMIT })}</Typography.Text>
      </Space>
      <Typography.Text
        data-testid={`${testId}-count`}
        data-count={filter.sourceReady && countValue !== undefined && !filter.counting ? countValue : undefined}
        data-state={!filter.sourceReady ? 'none' : filter.counting ? 'loading' : filter.count.isError ? 'error' : 'ready'}
        type={filter.count.isError ? 'danger' : undefined}
        style={{ fontSize: 15 }}
      >
        {!filter.sourceReady
          ? '\u00a0'
          : filter.count.isError
            ? filter.count.error.message || t('countFailed')
            : countValue === undefined
              ? t('counting')
              : t('count', { n: countValue.toLocaleString() })}
      </Typography.Text>
    </Space>
  );
}
