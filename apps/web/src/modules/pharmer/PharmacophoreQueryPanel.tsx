import { Checkbox, Space, Switch, Table, Tag, Typography } from 'antd';
import type { PharmacophoreFeature, PharmacophoreQuery } from '@yunyao/modules/forms/pharmer';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FAMILY_COLORS, querySpheres } from './pharmacophore-style.ts';
import './pharmer.i18n.ts';

const Structure3D = lazy(() => import('../../components/Structure3D.tsx'));
const VIEW_HEIGHT = 360;

export interface PharmacophoreQueryPanelProps {
  query: PharmacophoreQuery;
  protein: string;
  enabled: readonly string[];
  onToggle: (id: string, on: boolean) => void;
}

/**
 * The query as a chemist edits it in Pharmit: the reference ligand in its site with each kept
 * feature as a coloured sphere, and a table of the features (family, the residue it interacts
 * with, tolerance) whose switches decide what a molecule must match.
 */
export function PharmacophoreQueryPanel({ query, protein, enabled, onToggle }: PharmacophoreQueryPanelProps) {
  const { t } = useTranslation('pharmer');
  const [showExcluded, setShowExcluded] = useState(false);
  const spheres = useMemo(() => querySpheres(query, enabled, showExcluded), [query, enabled, showExcluded]);
  const interacting = query.features.filter((f) => f.interacting).length;

  const columns = [
    {
      title: t('use'),
      key: 'use',
      width: 64,
      render: (_: unknown, f: PharmacophoreFeature) => (
        <Switch size="small" checked={enabled.includes(f.id)} onChange={(on) => onToggle(f.id, on)} data-testid={`pharmer-feature-${f.id}`} />
      ),
    },
    { title: t('featureId'), dataIndex: 'id', width: 64 },
    {
      title: t('family'),
      dataIndex: 'family',
      width: 130,
      render: (family: PharmacophoreFeature['family']) => (
        <Space size={6}>
          <span style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 6, background: FAMILY_COLORS[family], border: '1px solid #bfbfbf' }} />
          {t(`families.${family}`)}
        </Space>
      ),
    },
    {
      title: t('interaction'),
      key: 'interaction',
      render: (_: unknown, f: PharmacophoreFeature) =>
        f.interacting ? (
          <Tag color="green">{[f.interaction && t(`interactions.${f.interaction}`, { defaultValue: f.interaction }), f.partner].filter(Boolean).join(' · ')}</Tag>
        ) : (
          <Typography.Text type="secondary">{t('noInteraction')}</Typography.Text>
        ),
    },
    { title: t('tolerance'), dataIndex: 'radius', width: 100, render: (r: number) => `${r.toFixed(1)} Å` },
  ];

  return (
    <div data-testid="pharmer-query">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('querySummary', { total: query.features.length, interacting, enabled: enabled.length, excluded: query.excluded.length })}
      </Typography.Paragraph>
      <Suspense fallback={<div style={{ height: VIEW_HEIGHT }} />}>
        <Structure3D pdb={protein} reference={query.reference.molblock} spheres={spheres} height={VIEW_HEIGHT} />
      </Suspense>
      <Checkbox checked={showExcluded} onChange={(e) => setShowExcluded(e.target.checked)} style={{ margin: '8px 0' }}>
        {t('showExcluded')}
      </Checkbox>
      <Table<PharmacophoreFeature> size="small" rowKey="id" dataSource={query.features} columns={columns} pagination={false} data-testid="pharmer-features" />
    </div>
  );
}
