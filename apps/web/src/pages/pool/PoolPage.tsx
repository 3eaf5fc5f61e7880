import { DownloadOutlined, FilterOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { LIBRARY_FILTER_FIELDS, type LibraryMoleculeRow } from '@yunyao/contract';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@yunyao/contract/constants';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { Molecule2D } from '../../components/Molecule2D.tsx';
import { POOL_NS } from '../../components/library/library.i18n.ts';
import { LibraryFilterFields } from '../../components/library/LibraryFilterFields.tsx';
import { useLibraryFilter } from '../../components/library/useLibraryFilter.ts';

/** The molecule's metal and PAINS flags as tags, the PAINS alert's name on hover; a dash for a clean molecule. */
function AlertTags({ row }: { row: LibraryMoleculeRow }) {
  const { t } = useTranslation(POOL_NS);
  if (!row.has_metal && !row.pains) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={4} wrap>
      {row.has_metal && <Tag color="gold">{t('metalTag')}</Tag>}
      {row.pains && (
        <Tooltip title={row.pains}>
          <Tag color="red" data-testid="pool-pains-tag">
            PAINS
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}

/** /calculate/pool: filter the imported molecule libraries by descriptor ranges, flags, name and substructure, list and download the molecules. */
export default function PoolPage() {
  const { t } = useTranslation(POOL_NS);
  const filter = useLibraryFilter();
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const { query, limit, sourceReady, noLibrary } = filter;

  const results = useMutation({ mutationFn: (q: Record<string, string | number>) => api.library.filter(q) });
  const downloading = useMutation({ mutationFn: (q: Record<string, string | number>) => api.library.downloadCsv(q) });

  const columns: TableColumnsType<LibraryMoleculeRow & { key: number }> = [
    { title: t('index'), key: 'index', width: 72, render: (_v, r) => r.key + 1 },
    { title: t('name'), dataIndex: 'name', width: 200, ellipsis: true },
    // A fixed width, so the descriptor and alert columns never squeeze long SMILES into a sliver.
    { title: t('smiles'), dataIndex: 'smiles', width: 260, render: (s: string) => <Typography.Text style={{ wordBreak: 'break-all' }}>{s}</Typography.Text> },
    { title: t('structure'), key: 'structure', width: 150, render: (_v, r) => <Molecule2D smiles={r.smiles} width={120} height={90} /> },
    // Next to the structure, so the verdict is seen before the numbers.
    { title: t('alerts'), key: 'alerts', width: 100, render: (_v, r) => <AlertTags row={r} /> },
    ...LIBRARY_FILTER_FIELDS.map((field) => ({
      title: <Tooltip title={t(`fieldNames.${field}`)}>{t(`fields.${field}`)}</Tooltip>,
      dataIndex: field,
      width: 80,
      align: 'right' as const,
      onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
      // Counts are whole; TPSA, logP and weight read best to one decimal.
      render: (v: number) => (Number.isInteger(v) ? v : v.toFixed(1)),
    })),
    ...(results.data?.some((r) => r.similarity !== undefined)
      ? [{ title: t('similarity'), dataIndex: 'similarity', width: 110, render: (v: number) => v.toFixed(3) }]
      : []),
  ];

  function runFilter() {
    setPage(1);
    results.mutate({ ...query, limit });
  }

  const rows = useMemo(() => (results.data ?? []).map((r, i) => ({ ...r, key: i })), [results.data]);

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
            description={t('emptyText')}
          />
        </div>
      )}
      <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 760 }}>
        <LibraryFilterFields filter={filter} testId="pool" />
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
          <Button icon={<UndoOutlined />} onClick={filter.reset} data-testid="pool-reset">
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
        scroll={{ x: 'max-content' }}
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
