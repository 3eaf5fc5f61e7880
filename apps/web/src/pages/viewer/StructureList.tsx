import { CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NO_CHAIN_ID } from './structure-reader.ts';
import type { StructureSlot } from './useViewerStructures.ts';
import './viewer.i18n.ts';

/** Most ligands named before "…": an entry can hold dozens of ions and sugars. */
const LIGANDS_SHOWN = 6;

/** The loaded structures, each with what it holds (chains and residue counts, ligands, waters) or why it failed. */
export function StructureList({ slots, onRemove }: { slots: readonly StructureSlot[]; onRemove: (slot: StructureSlot) => void }) {
  const { t } = useTranslation('viewer');
  if (slots.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="viewer-structures">
      {slots.map((slot, index) => (
        <div key={slot.key} style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: '6px 8px' }} data-testid="viewer-structure" data-status={slot.status}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <Tag color={index === 0 ? 'blue' : 'default'}>{index + 1}</Tag>
            <Typography.Text strong ellipsis style={{ flex: 1 }} title={slot.name}>
              {slot.name}
            </Typography.Text>
            <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('remove')} title={t('remove')} onClick={() => onRemove(slot)} />
          </div>
          {slot.status === 'loading' && <Skeleton active title={false} paragraph={{ rows: 2 }} />}
          {slot.status === 'failed' && <Alert type="error" showIcon title={slot.error} style={{ marginTop: 4 }} />}
          {slot.structure && <Summary slot={slot} />}
        </div>
      ))}
    </div>
  );
}

function Summary({ slot }: { slot: StructureSlot }) {
  const { t } = useTranslation('viewer');
  const summary = slot.structure!.summary;
  const ligands = summary.ligands.length > LIGANDS_SHOWN ? [...summary.ligands.slice(0, LIGANDS_SHOWN), '…'] : summary.ligands;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }} data-testid="viewer-summary">
      {summary.chains.map((c) => t('chainSummary', { chain: c.id === NO_CHAIN_ID ? t('noChainId') : c.id, count: c.residues })).join('；')}
      <br />
      {t('atoms', { count: summary.atoms })}
      {summary.waters > 0 && ` · ${t('waters', { count: summary.waters })}`}
      <br />
      {ligands.length ? t('ligands', { list: ligands.join(', ') }) : t('noLigands')}
    </Typography.Text>
  );
}
