import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import './autodock.i18n.ts';

/** What protein_prep records (python/yunyao/protein_prep.py summary), as far as the dialog shows it. */
interface Preparation {
  ph?: number;
  protonation?: string;
  missingAtomsAdded?: number;
  keepHeteroRequested?: string[];
  keptCofactors?: { resname: string; groups: number }[];
  removedHetero?: { resname: string; groups: number }[];
  engine?: Record<string, string>;
}

const groupTags = (groups: { resname: string; groups: number }[], color: string) =>
  groups.map((g) => (
    <Tag key={g.resname} color={color}>
      {g.resname}
      {g.groups > 1 ? ` ×${g.groups}` : ''}
    </Tag>
  ));

/** How the result was made: the receptor's preparation (kept and removed hetero groups) and Vina's settings. */
export function DockingProvenance({ summary }: { summary: Record<string, unknown> }) {
  const { t } = useTranslation('autodock');
  const prep = (summary.preparation ?? {}) as Preparation;
  const kept = prep.keptCofactors ?? [];
  const removed = (prep.removedHetero ?? []).filter((g) => g.resname !== 'HOH');
  // Poses re-ranked after Vina (python/yunyao/autodock/rerank.py); results from before that have no `ranking`.
  const ranking = summary.ranking as { version?: string } | undefined;
  return (
    <Descriptions size="small" column={1} title={t('provenance')} data-testid="docking-provenance" style={{ marginTop: 12 }}>
      <Descriptions.Item label={t('provenanceKept')}>
        <span data-testid="docking-provenance-kept">{kept.length ? groupTags(kept, 'green') : t('provenanceKeptNone')}</span>
      </Descriptions.Item>
      {removed.length > 0 && <Descriptions.Item label={t('provenanceRemoved')}>{groupTags(removed, 'default')}</Descriptions.Item>}
      <Descriptions.Item label={t('provenanceReceptorLabel')}>
        {t('provenanceReceptor', { ph: prep.ph ?? 7.4, protonation: prep.protonation ?? '–', added: prep.missingAtomsAdded ?? 0 })}
      </Descriptions.Item>
      <Descriptions.Item label={t('parameters')}>
        {t('provenanceDocking', { vina: prep.engine?.vina ?? '', exhaustiveness: String(summary.exhaustiveness ?? '–'), seed: String(summary.seed ?? '–') })}
      </Descriptions.Item>
      {ranking?.version && <Descriptions.Item label={t('provenanceRankingLabel')}>{t('provenanceRanking', { version: ranking.version })}</Descriptions.Item>}
    </Descriptions>
  );
}
