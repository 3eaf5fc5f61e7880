import { Checkbox, Space, Switch, Table, Tag, Typography } from 'antd';
import type { PharmacophoreFeature, PharmacophoreQuery } from '@yunyao/modules/forms/pharmer';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sphere3D } from '../../components/Structure3D.tsx';
import { FAMILY_COLORS, querySpheres } from './pharmacophore-style.ts';
import './pharmer.i18n.ts';

const Structure3D = lazy(() => import('../../components/Structure3D.tsx'));
const VIEW_HEIGHT = 360;

export interface PharmacophoreQueryPanelProps {
  protein: string;
  /** Null while the query is built or could not be: the protein alone is shown, with `status` below it. */
  query: PharmacophoreQuery | null;
  status: ReactNode;
  enabled: readonly string[];
  onToggle: (id: string, on: boolean) => void;
}

const NO_SPHERES: Sphere3D[] = [];

/**
 * The query as a chemist edits it in Pharmit: the reference ligand in its site with each kept
 * feature as a coloured sphere, and a table of the features (family, the residue it interacts
 * with, tolerance) whose switches decide what a molecule must match. The protein is shown as soon
 * as it is loaded, so the view stays in place while the query is built.
 */
export function PharmacophoreQueryPanel({ protein, query, status, enabled, onToggle }: PharmacophoreQueryPanelProps) {
  const { t } = useTranslation('pharmer');
  const [showExcluded, setShowExcluded] = useState(false);
  const spheres = useMemo(() => (query ? querySpheres(query, enabled, showExcluded) : NO_SPHERES), [query, enabled, showExcluded]);

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
    <div data-testid="pharmer-structure">
      <Suspense fallback={<div style={{ height: VIEW_HEIGHT }} />}>
        <Structure3D pdb={protein} reference={query?.reference.molblock} spheres={spheres} height={VIEW_HEIGHT} />
      </Suspense>
      {query ? (
        <div data-testid="pharmer-query">
          <Space style={{ width: '100%', justifyContent: 'space-between', margin: '8px 0' }} wrap>
            <Typography.Text type="secondary">
              {t('querySummary', { total: query.features.length, interacting: query.features.filter((f) => f.interacting).length, enabled: enabled.length, excluded: query.excluded.length })}
            </Typography.Text>
            <Checkbox checked={showExcluded} onChange={(e) => setShowExcluded(e.target.checked)}>
              {t('showExcluded')}
            </Checkbox>
          </Space>
          <Table<PharmacophoreFeature> size="small" rowKey="id" dataSource={query.features} columns={columns} pagination={false} data-testid="pharmer-features" />
        </div>
      ) : (
        <div style={{ marginTop: 8 }}>{status}</div>
      )}
    </div>
  );
}
