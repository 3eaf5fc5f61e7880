import { Alert, Empty, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupByType, INTERACTION_TYPES, type PoseAnalysis } from './interactions.ts';
import './autodock.i18n.ts';

/** Room for about eight lines: the list scrolls inside it, so picking another pose never moves the dialog. */
const LIST_HEIGHT = 170;

/** A pose's PLIP interactions grouped by type (residue, distance, ligand atoms) and its contact residues. */
export function InteractionList({ analysis, loading }: { analysis: PoseAnalysis | undefined; loading: boolean }) {
  const { t } = useTranslation('autodock');
  let body;
  if (loading) body = <Spin />;
  else if (!analysis) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('interactionsNone')} />;
  else if (analysis.error) body = <Alert type="warning" showIcon title={t('interactionsFailed', { reason: analysis.error })} />;
  else if (!analysis.interactions) body = <Typography.Text type="secondary">{t('interactionsNotRun')}</Typography.Text>;
  else if (!analysis.interactions.length) body = <Typography.Text type="secondary">{t('interactionsEmpty')}</Typography.Text>;
  else
    body = groupByType(analysis.interactions).map(([type, list]) => (
      <div key={type} style={{ marginBottom: 6 }} data-testid="docking-interaction-group" data-type={type}>
        <Tag color={INTERACTION_TYPES[type]}>{`${t(`interaction.${type}`)} × ${list.length}`}</Tag>
        {list.map((i, n) => (
          <Typography.Text key={n} style={{ marginRight: 12, whiteSpace: 'nowrap' }} title={i.ligandAtoms.length ? t('ligandAtoms', { atoms: i.ligandAtoms.join(', ') }) : undefined}>
            {i.residue}
            <Typography.Text type="secondary">{` ${i.distance?.toFixed(2) ?? '–'} Å${i.detail ? ` · ${t(`interactionDetail.${i.detail}`)}` : ''}`}</Typography.Text>
          </Typography.Text>
        ))}
      </div>
    ));
  return (
    <div data-testid="docking-interactions" style={{ height: LIST_HEIGHT, overflowY: 'auto', marginTop: 8, padding: 8, border: '1px solid #f0f0f0', borderRadius: 8 }}>
      {body}
      {analysis && analysis.contacts.length > 0 && (
        <div style={{ marginTop: 4 }}>
          <Typography.Text strong>{t('contacts')}</Typography.Text>{' '}
          <Typography.Text type="secondary">{analysis.contacts.map((c) => c.residue).join(' ')}</Typography.Text>
        </div>
      )}
    </div>
  );
}
