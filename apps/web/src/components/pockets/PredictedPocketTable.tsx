import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { residueList, type PredictedPocket } from './pocket-prediction.ts';
import './pockets.i18n.ts';

const PAGE_SIZE = 10;

/** The predicted pockets with the spec's columns and their lining residues; docking ticks several, 3D affinity picks one. */
export function PredictedPocketTable({
  pockets,
  selected,
  onSelect,
  selection,
  testId,
}: {
  pockets: PredictedPocket[];
  selected: number[];
  onSelect: (ids: number[]) => void;
  selection: 'checkbox' | 'radio';
  testId: string;
}) {
  const { t } = useTranslation('pockets');
  return (
    <Table<PredictedPocket>
      size="small"
      rowKey="id"
      dataSource={pockets}
      pagination={pockets.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
      rowSelection={{ type: selection, selectedRowKeys: selected, onChange: (keys) => onSelect(keys.map(Number)) }}
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
