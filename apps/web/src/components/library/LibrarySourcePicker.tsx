import { useQuery } from '@tanstack/react-query';
import { Alert, Select, Space, Typography } from 'antd';
import { LIBRARY_DATASETS, LIBRARY_SOURCES } from '@yunyao/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { POOL_NS } from './library.i18n.ts';
import type { LibraryFilter } from './useLibraryFilter.ts';

/** Where a public library comes from and under which licence, shown next to it as the licence asks. */
function DatasetAttribution({ source }: { source: string }) {
  const { t, i18n } = useTranslation(POOL_NS);
  const dataset = LIBRARY_DATASETS[source];
  if (!dataset) return null;
  const { attribution } = dataset;
  return (
    <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: 0 }} data-testid="library-attribution">
      {i18n.language.startsWith('en') ? dataset.description.en : dataset.description.zh}
      {' · '}
      {t('attribution')}{' '}
      <Typography.Link href={attribution.url} target="_blank" rel="noreferrer">
        {attribution.origin}
      </Typography.Link>
      {' · '}
      <Typography.Link href={attribution.licenceUrl} target="_blank" rel="noreferrer">
        {attribution.licence}
      </Typography.Link>
      <br />
      {t('citation')} {attribution.citation}
    </Typography.Paragraph>
  );
}

/** Staff only (the server answers nobody else): the spec's libraries not imported yet, and the command importing each. */
function UnimportedLibraries({ testId }: { testId: string }) {
  const { t } = useTranslation(POOL_NS);
  const unimported = useQuery({ queryKey: ['library', 'unimported'], queryFn: api.library.unimported });
  if (!unimported.data?.length) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={t('unimportedTitle')}
      data-testid={`${testId}-unimported`}
      description={
        <Space orientation="vertical" size={2}>
          <Typography.Text type="secondary">{t('unimportedText')}</Typography.Text>
          {unimported.data.map((u) => (
            <span key={u.source}>
              <Typography.Text strong style={{ display: 'inline-block', minWidth: 120 }}>
                {u.source}
              </Typography.Text>
              <Typography.Text code copyable>
                {u.command}
              </Typography.Text>
              {u.dataset_found === false && <Typography.Text type="warning"> {t('datasetMissing')}</Typography.Text>}
            </span>
          ))}
        </Space>
      }
    />
  );
}

/** The library choice: only imported libraries are offered (one that was not would answer nothing), with the chosen one's attribution. */
export function LibrarySourcePicker({ filter, testId }: { filter: LibraryFilter; testId: string }) {
  const { t } = useTranslation(POOL_NS);
  const { imported } = filter;
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

  return (
    <Space orientation="vertical" size={6} style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text strong>{t('source')}</Typography.Text>
        <Select style={{ width: 320 }} loading={filter.sources.isLoading} value={filter.source} onChange={(v: string) => filter.choose(v)} options={options} data-testid={`${testId}-source`} />
      </Space>
      {filter.sourceReady && <DatasetAttribution source={filter.source} />}
      {!filter.noLibrary && filter.sources.isSuccess && !filter.sourceReady && <Alert type="warning" showIcon title={t('notImported')} />}
      <UnimportedLibraries testId={testId} />
    </Space>
  );
}
