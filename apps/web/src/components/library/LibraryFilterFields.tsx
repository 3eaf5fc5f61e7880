import { Checkbox, Input, InputNumber, Slider, Space, Tooltip, Typography } from 'antd';
import { LIBRARY_FILTER_FIELDS, LIBRARY_RESULT_LIMIT, LIBRARY_SLIDERS, type LibraryFilterField, type Range } from '@yunyao/contract';
import { useTranslation } from 'react-i18next';
import { POOL_NS } from './library.i18n.ts';
import { LibrarySourcePicker } from './LibrarySourcePicker.tsx';
import { LibraryStructureFields } from './LibraryStructureFields.tsx';
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

/** The precomputed flags (metal, PAINS) and the name search. */
function AnnotationFields({ filter, testId }: { filter: LibraryFilter; testId: string }) {
  const { t } = useTranslation(POOL_NS);
  const { annotation, setAnnotation } = filter;
  return (
    <Space wrap size={[16, 8]}>
      <Tooltip title={t('noMetalHint')}>
        <Checkbox checked={annotation.noMetal} onChange={(e) => setAnnotation((a) => ({ ...a, noMetal: e.target.checked }))} data-testid={`${testId}-no-metal`}>
          {t('noMetal')}
        </Checkbox>
      </Tooltip>
      <Tooltip title={t('noPainsHint')}>
        <Checkbox checked={annotation.noPains} onChange={(e) => setAnnotation((a) => ({ ...a, noPains: e.target.checked }))} data-testid={`${testId}-no-pains`}>
          {t('noPains')}
        </Checkbox>
      </Tooltip>
      <Input
        allowClear
        style={{ width: 240 }}
        addonBefore={t('nameContains')}
        placeholder={t('namePlaceholder')}
        value={annotation.name}
        onChange={(e) => setAnnotation((a) => ({ ...a, name: e.target.value }))}
        data-testid={`${testId}-name`}
      />
    </Space>
  );
}

/**
 * The library filter's fields: library, descriptor ranges, flags and name, structure search (pool
 * page only), result limit and the live count. `testId` prefixes every test id.
 */
export function LibraryFilterFields({ filter, testId }: { filter: LibraryFilter; testId: string }) {
  const { t } = useTranslation(POOL_NS);
  const countValue = filter.count.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 760 }}>
      <LibrarySourcePicker filter={filter} testId={testId} />
      <Typography.Text strong>{t('ranges')}</Typography.Text>
      {LIBRARY_FILTER_FIELDS.map((f) => (
        <RangeRow key={f} field={f} value={filter.ranges[f]} onChange={(v) => filter.setRange(f, v)} testId={testId} />
      ))}
      <AnnotationFields filter={filter} testId={testId} />
      {filter.structureSearch && <LibraryStructureFields filter={filter} testId={testId} />}
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
