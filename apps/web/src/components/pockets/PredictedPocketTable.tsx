import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { residueList, type PredictedPocket } from './predicted-pockets.ts';
import './pockets.i18n.ts';

/** The predicted pockets with a tick per row: docking ticks several, 3D affinity one (`single`). */
export function PredictedPocketTable({ pockets, selected, onSelect, single = false, testId }: { pockets: PredictedPocket[]; selected: number[]; onSelect: (ids: number[]) => void; single?: boolean; testId: string }) {
  const { t } = useTranslation('pockets');
  return (
    <Table<PredictedPocket>
      size="small"
      rowKey="id"
      dataSource={pockets}
      pagination={pockets.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      rowSelection={{ type: single ? 'radio' : 'checkbox', selectedRowKeys: selected, onChange: (keys) => onSelect(keys as number[]) }}
      data-testid={testId}
      columns={[
        { title: t('predicted'), dataIndex: 'id', width: 90 },
        { title: 'Score', dataIndex: 'Score', render: (v: number) => v.toFixed(2) },
        { title: 'Druggability', dataIndex: 'Druggability', render: (v: number) => v.toFixed(3) },
        { title: 'Alpha Spheres', dataIndex: 'Alpha Spheres' },
        { title: t('residues'), dataIndex: 'residues', ellipsis: true, render: (r: string[]) => residueList(r) },
      ]}
    />
  );
}
