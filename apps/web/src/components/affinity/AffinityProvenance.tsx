import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './affinity.i18n.ts';

interface Scores {
  pearson?: number;
  rmse?: number;
  ci?: number;
  mse?: number;
}

interface Summary {
  model?: { name?: string; version?: string; data_sha256?: string; correction?: string; evaluation?: Record<string, { cross_validation?: Scores }>; validation?: Scores };
  protein?: { in_domain?: boolean; nearest_training_identity?: number; nearest_training_protein?: string };
}

/**
 * Which model made the numbers and how well it did where it was checked, so a chemist can weigh
 * them; and, for 2D affinity, whether the protein is one the model can speak for.
 */
export function AffinityProvenance({ summary }: { summary: Record<string, unknown> | undefined }) {
  const { t } = useTranslation('affinity');
  const s = summary as Summary | undefined;
  if (!s?.model) return null;
  const shipped = s.model.correction === 'none' ? 'vina' : 'vina+xgboost';
  const cv = s.model.evaluation?.[shipped]?.cross_validation;
  return (
    <div style={{ marginBottom: 8 }} data-testid="affinity-provenance">
      {s.protein?.in_domain === false && <Alert type="warning" showIcon title={t('proteinOutOfDomain')} style={{ marginBottom: 8 }} />}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('provenance', { version: s.model.version ?? '–', hash: (s.model.data_sha256 ?? '').slice(0, 12) })}
        {cv?.pearson !== undefined && ` · ${t('validation', { r: cv.pearson, rmse: cv.rmse, split: 'CV' })}`}
        {s.model.validation?.ci !== undefined && ` · ${t('validationDta', { ci: s.model.validation.ci, mse: s.model.validation.mse })}`}
        {s.protein?.nearest_training_identity !== undefined &&
          ` · ${t('proteinDomain', { score: s.protein.nearest_training_identity.toFixed(3), nearest: s.protein.nearest_training_protein ?? '' })}`}
      </Typography.Text>
    </div>
  );
}
