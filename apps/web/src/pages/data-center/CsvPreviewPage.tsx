import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Result, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { SmilesRow } from '@yunyao/contract';
import { CSV_PREVIEW_PAGE_SIZE } from '@yunyao/contract/constants';
import { api } from '../../api/endpoints.ts';
import { useAppNavigate } from '../../app/navigation.ts';
import { DATA_CENTER_NS } from '../../components/data-center/dataCenter.i18n.ts';
import { FILE_TYPE_LOOK } from '../../components/data-center/fileTypes.tsx';
import { FILES_KEY, useDataFiles } from '../../components/data-center/useDataFiles.ts';
import { Molecule2D } from '../../components/Molecule2D.tsx';
import styles from './DataCenterPage.module.css';

const STRUCTURE_WIDTH = 120;
const STRUCTURE_HEIGHT = 90;

export default function CsvPreviewPage() {
  const { t } = useTranslation([DATA_CENTER_NS, 'common']);
  const navigate = useAppNavigate();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const [page, setPage] = useState(1);

  const rows = useQuery({
    queryKey: [...FILES_KEY, 'csv', id, page],
    queryFn: () => api.files.csvPage(id, page, CSV_PREVIEW_PAGE_SIZE),
    enabled: validId,
    placeholderData: keepPreviousData,
  });
  // The list is shared with the data-center page, so coming from there costs no request.
  const file = useDataFiles().data?.find((f) => f.id === id);

  const back = () => navigate('/calculate/dataCenter');

  if (!validId || (rows.isError && !rows.data)) {
    return (
      <div className={styles.panel}>
        <Result
          status="warning"
          title={t('csv.notFound')}
          extra={
            <Button type="primary" icon={<ArrowLeftOutlined />} onClick={back}>
              {t('csv.back')}
            </Button>
          }
        />
      </div>
    );
  }

  const columns: TableColumnsType<SmilesRow & { key: string }> = [
    { title: t('csv.id'), dataIndex: 'ID', width: 200, ellipsis: true },
    { title: t('csv.smiles'), dataIndex: 'SMILES', render: (smiles: string) => <span className={styles.smiles}>{smiles}</span> },
    {
      title: t('csv.structure'),
      dataIndex: 'SMILES',
      key: 'structure',
      width: STRUCTURE_WIDTH + 32,
      render: (smiles: string) => <Molecule2D smiles={smiles} width={STRUCTURE_WIDTH} height={STRUCTURE_HEIGHT} />,
    },
  ];

  const data = (rows.data?.rows ?? []).map((row, i) => ({ ...row, key: `${page}-${i}` }));

  return (
    <div className={styles.panel} data-testid="dc-csv">
      <div className={styles.header}>
        <div className={styles.headLeft}>
          <Button className={styles.back} icon={<ArrowLeftOutlined />} onClick={back} aria-label={t('csv.back')} data-testid="dc-csv-back">
            {t('common:actions.back')}
          </Button>
          <div style={{ minWidth: 0 }}>
            <h2 className={`${styles.title} ${styles.fileName}`}>{file?.name ?? t('csv.title')}</h2>
            <p className={styles.subtitle}>
              {file && (
                <Tag color={FILE_TYPE_LOOK[file.type].tag} variant="filled">
                  {t(`types.${file.type}`)}
                </Tag>
              )}
              {rows.data ? t('csv.total', { count: rows.data.total }) : '\u00a0'}
            </p>
          </div>
        </div>
        {file && (
          <Button icon={<DownloadOutlined />} onClick={() => void api.files.download(file).catch(() => undefined)}>
            {t('common:actions.download')}
          </Button>
        )}
      </div>
      <Table
        columns={columns}
        dataSource={data}
        loading={rows.isFetching}
        size="middle"
        tableLayout="fixed"
        pagination={{
          current: page,
          pageSize: CSV_PREVIEW_PAGE_SIZE,
          total: rows.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('csv.total', { count: total }),
          onChange: setPage,
        }}
      />
    </div>
  );
}
