import { Alert, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Spin, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { QsarTable } from '@yunyao/contract';
import {
  QSAR_DEFAULTS,
  QSAR_DESCRIPTORS,
  QSAR_NAME_MAX,
  QSAR_SEED,
  QSAR_TABLE_FIELD,
  QSAR_TIME_BUDGET_MINUTES,
  QSAR_TRIALS,
  QSARTUNA_MESSAGES,
  qsartunaForm,
  UNAVAILABLE_DESCRIPTORS,
  type QsarMode,
} from '@yunyao/modules/forms/qsartuna';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import { ModuleFileField } from '../../components/module-page/ModuleFileField.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { appendPicked, NO_FILES, paramsProblem, type PickedFiles } from '../../components/module-page/picked-files.ts';
import { useQsarNames } from '../../components/qsar/QsarModelCard.tsx';
import { pick, say } from '../../i18n/index.ts';
import {
  algorithmsFor,
  appendParams,
  buildParams,
  DEFAULT_ALGORITHM_TICKS,
  modeOfColumn,
  NO_CHOICE,
  proposedChoice,
  tableKey,
  withLabelColumn,
  type AlgorithmTicks,
  type ColumnChoice,
  type QsarColumn,
  type TableSource,
} from './qsar-build-form.ts';
import { QsarModelRegistry } from './QsarModelRegistry.tsx';
import './qsartuna.i18n.ts';

const UNAVAILABLE = Object.entries(UNAVAILABLE_DESCRIPTORS);

/** The chosen source's table, read by the server as the build will read it (columns, proposals); keyed by the file. */
function useTable(source: TableSource, files: PickedFiles) {
  const key = tableKey(source, files);
  return {
    key,
    query: useQuery({
      queryKey: ['qsar', 'inspect', key],
      queryFn: () => api.qsar.inspect(source === 'file' ? { file: files.uploads[0]! } : { smiles_cos: files.dataCenter[0]!.id }),
      enabled: key !== null,
      staleTime: Infinity,
      retry: false,
    }),
  };
}

/** One column in a picker: its name, an example cell and what it holds. */
function ColumnOption({ column, kind }: { column: QsarColumn; kind: 'smiles' | 'label' }) {
  const { t } = useTranslation('qsartuna');
  const facts =
    kind === 'smiles'
      ? t('smilesShare', { share: `${Math.round(column.smiles * 100)}%` })
      : `${column.numeric >= 0.95 ? t('numericColumn') : t('textColumn')} · ${t('distinct', { count: column.distinct })}`;
  return (
    <Space size={8} style={{ width: '100%', overflow: 'hidden' }}>
      <Typography.Text strong>{column.name}</Typography.Text>
      <Typography.Text type="secondary" ellipsis style={{ maxWidth: 260 }}>
        {column.example === null ? '' : t('example', { value: column.example })}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {facts}
      </Typography.Text>
    </Space>
  );
}

/** Under the file: reading, why it could not be read, or what it holds. */
function TableStatus({ table, error, loading }: { table: QsarTable | undefined; error: Error | null; loading: boolean }) {
  const { t } = useTranslation('qsartuna');
  if (loading)
    return (
      <Space data-testid="qsar-table-status" data-state="reading">
        <Spin size="small" />
        <Typography.Text type="secondary">{t('reading')}</Typography.Text>
      </Space>
    );
  if (error) return <Alert type="error" showIcon title={t('readFailed', { reason: error.message })} data-testid="qsar-table-status" data-state="failed" />;
  if (!table) return null;
  return (
    <Typography.Text type="secondary" data-testid="qsar-table-status" data-state="read">
      {t('tableSummary', { rows: table.rows, columns: table.columns.length, format: table.format.toUpperCase() })}
    </Typography.Text>
  );
}

/** /calculate/qsar: a labelled table in, a QSAR model (and its card) into the user's registry out. */
export default function QsarBuildPage() {
  const { t, i18n } = useTranslation('qsartuna');
  const names = useQsarNames();
  const english = i18n.language === 'en';
  const [source, setSource] = useState<TableSource>('file');
  const [files, setFiles] = useState<PickedFiles>(NO_FILES);
  // The user's own column and mode choices, for the table they were made on; a new table starts from its proposals.
  const [edited, setEdited] = useState<{ key: string | null; choice: ColumnChoice } | null>(null);
  const [descriptors, setDescriptors] = useState<string[]>([...QSAR_DEFAULTS.descriptors]);
  const [algorithms, setAlgorithms] = useState<AlgorithmTicks>(DEFAULT_ALGORITHM_TICKS);
  const [trials, setTrials] = useState<number | null>(QSAR_TRIALS.default);
  const [timeBudget, setTimeBudget] = useState<number | null>(QSAR_TIME_BUDGET_MINUTES.default);
  const [seed, setSeed] = useState<number | null>(QSAR_SEED.default);
  const [name, setName] = useState('');

  const { key, query } = useTable(source, files);
  const table = key === null ? undefined : query.data;
  const choice: ColumnChoice = edited && edited.key === key ? edited.choice : table ? proposedChoice(table) : NO_CHOICE;
  const choose = (next: ColumnChoice) => setEdited({ key, choice: next });
  const labelColumn = table?.columns.find((c) => c.name === choice.labels_col);
  const suggestedMode = modeOfColumn(labelColumn);
  const columnOptions = (kind: 'smiles' | 'label') =>
    (table?.columns ?? []).map((c) => ({ value: c.name, label: c.name, column: c, kind }));

  function draft(): ModuleDraft {
    const lang = english ? 'en' : 'zh';
    const picked = source === 'file' ? files.uploads.length : files.dataCenter.length;
    const state = { source, choice, descriptors, algorithms, trials, timeBudget, seed, name };
    const params = buildParams(state);
    const problem = !picked
      ? say(source === 'file' ? QSARTUNA_MESSAGES.fileMissing : QSARTUNA_MESSAGES.cosMissing, lang)
      : choice.mode && !state.algorithms[choice.mode].length
        ? say(QSARTUNA_MESSAGES.algorithmsMissing, lang)
        : paramsProblem(qsartunaForm, params, english);
    return draftOf(problem, () => {
      const body = new FormData();
      appendPicked(body, QSAR_TABLE_FIELD, source === 'file' ? { ...NO_FILES, uploads: files.uploads } : { ...NO_FILES, dataCenter: files.dataCenter });
      appendParams(body, params);
      return body;
    });
  }

  const descriptorOptions = [
    ...QSAR_DESCRIPTORS.map((d) => ({ value: d, label: names.descriptor(d), disabled: false, reason: null })),
    ...UNAVAILABLE.map(([d, reason]) => ({ value: d, label: names.descriptor(d), disabled: true, reason: pick(reason, i18n.language) })),
  ];

  return (
    <ModulePage form={qsartunaForm} below={<QsarModelRegistry />}>
      <ModuleFormLayout form={qsartunaForm} draft={draft()}>
        <Form.Item label={t('source')} required>
          <Radio.Group
            value={source}
            onChange={(e) => setSource(e.target.value as TableSource)}
            optionType="button"
            options={[
              { value: 'file', label: t('sourceUpload') },
              { value: 'cos', label: t('sourceDataCenter') },
            ]}
            data-testid="qsar-source"
          />
        </Form.Item>
        <Form.Item label=" " colon={false} extra={t('sourceHint')}>
          <ModuleFileField spec={QSAR_TABLE_FIELD} value={files} onChange={setFiles} sources={source === 'file' ? 'upload' : 'dataCenter'} testId="qsar-table" />
          {/* Shown with the file's own tag, so the line appears with the user's pick rather than later. */}
          {key === null ? null : (
            <div style={{ minHeight: 24, marginTop: 8 }}>
              <TableStatus table={table} error={query.error} loading={query.isFetching && !table} />
            </div>
          )}
        </Form.Item>
        <Form.Item label={t('smilesCol')} required>
          <Select
            value={choice.smiles_col ?? undefined}
            onChange={(v: string) => choose({ ...choice, smiles_col: v })}
            options={columnOptions('smiles')}
            optionRender={(o) => <ColumnOption column={o.data.column} kind="smiles" />}
            placeholder={t('pickTableFirst')}
            disabled={!table}
            style={{ maxWidth: 560 }}
            data-testid="qsar-smiles-col"
          />
        </Form.Item>
        <Form.Item label={t('labelsCol')} required>
          <Select
            value={choice.labels_col ?? undefined}
            onChange={(v: string) => choose(withLabelColumn(choice, table, v))}
            options={columnOptions('label')}
            optionRender={(o) => <ColumnOption column={o.data.column} kind="label" />}
            placeholder={t('pickTableFirst')}
            disabled={!table}
            style={{ maxWidth: 560 }}
            data-testid="qsar-labels-col"
          />
        </Form.Item>
        <Form.Item
          label={t('mode')}
          required
          extra={labelColumn ? (suggestedMode ? t('modeSuggested', { column: labelColumn.name, mode: t(suggestedMode) }) : t('modeNone')) : null}
        >
          <Radio.Group
            value={choice.mode}
            onChange={(e) => choose({ ...choice, mode: e.target.value as QsarMode })}
            optionType="button"
            options={[
              { value: 'regression', label: t('regression') },
              { value: 'classification', label: t('classification') },
            ]}
            data-testid="qsar-mode"
          />
        </Form.Item>
        <Form.Item label={t('descriptors')} required extra={t('descriptorsHelp', { defaults: QSAR_DEFAULTS.descriptors.join(english ? ', ' : '、') })}>
          <Checkbox.Group value={descriptors} onChange={(v) => setDescriptors(v as string[])} style={{ width: '100%' }} data-testid="qsar-descriptors">
            <Row gutter={[8, 4]}>
              {descriptorOptions.map((o) => (
                <Col key={o.value} xs={24} md={12}>
                  {o.reason ? (
                    <Tooltip title={t('unavailable', { reason: o.reason })}>
                      <Checkbox value={o.value} disabled data-testid={`qsar-descriptor-${o.value}`}>
                        {o.label}
                        <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 6 }}>
                          {t('unavailable', { reason: o.reason })}
                        </Typography.Text>
                      </Checkbox>
                    </Tooltip>
                  ) : (
                    <Checkbox value={o.value} data-testid={`qsar-descriptor-${o.value}`}>
                      {o.label}
                    </Checkbox>
                  )}
                </Col>
              ))}
            </Row>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item label={t('algorithms')} required extra={t('algorithmsHelp')}>
          {choice.mode ? (
            <Checkbox.Group
              value={algorithms[choice.mode]}
              onChange={(v) => setAlgorithms({ ...algorithms, [choice.mode!]: v as string[] })}
              style={{ width: '100%' }}
              data-testid="qsar-algorithms"
            >
              <Row gutter={[8, 4]}>
                {algorithmsFor(choice.mode).map((a) => (
                  <Col key={a} xs={24} md={12}>
                    <Checkbox value={a} data-testid={`qsar-algorithm-${a}`}>
                      {names.algorithm(a)}
                    </Checkbox>
                  </Col>
                ))}
              </Row>
            </Checkbox.Group>
          ) : (
            <Typography.Text type="secondary">{t('chooseModeFirst')}</Typography.Text>
          )}
        </Form.Item>
        <Form.Item
          label={t('budget')}
          required
          extra={t('budgetHelp', { tMin: QSAR_TRIALS.min, tMax: QSAR_TRIALS.max, mMin: QSAR_TIME_BUDGET_MINUTES.min, mMax: QSAR_TIME_BUDGET_MINUTES.max })}
        >
          <Space wrap>
            <InputNumber min={QSAR_TRIALS.min} max={QSAR_TRIALS.max} precision={0} value={trials} onChange={setTrials} suffix={t('trials')} style={{ width: 140 }} data-testid="qsar-trials" />
            <InputNumber
              min={QSAR_TIME_BUDGET_MINUTES.min}
              max={QSAR_TIME_BUDGET_MINUTES.max}
              precision={0}
              value={timeBudget}
              onChange={setTimeBudget}
              suffix={t('minutes')}
              style={{ width: 140 }}
              data-testid="qsar-time-budget"
            />
          </Space>
        </Form.Item>
        <Form.Item label={t('seed')} extra={t('seedHelp', QSAR_SEED)}>
          <InputNumber min={QSAR_SEED.min} max={QSAR_SEED.max} precision={0} value={seed} onChange={setSeed} style={{ width: 160 }} data-testid="qsar-seed" />
        </Form.Item>
        <Form.Item label={t('name')} extra={t('nameHelp')}>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={choice.labels_col ?? t('namePlaceholder')}
            maxLength={QSAR_NAME_MAX}
            showCount
            style={{ maxWidth: 420 }}
            data-testid="qsar-name"
          />
        </Form.Item>
      </ModuleFormLayout>
    </ModulePage>
  );
}
