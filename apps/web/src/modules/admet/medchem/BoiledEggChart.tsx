import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Typography } from 'antd';
import { ADMET_FILTER_MAX_PAGE_SIZE, type EggRegion } from '@yunyao/contract';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type AdmetFilterBody } from '../../../api/endpoints.ts';
import { LazyEChart } from '../../../components/charts/LazyEChart.tsx';
import { boiledEggOption, type EggPoint } from './boiled-egg.ts';
import { EGG_REGION_COLORS } from './MedchemPanel.tsx';
import './medchem.i18n.ts';

const HEIGHT = 420;

/** The batch on SwissADME's BOILED-Egg: the first page of up to 200 molecules the filter keeps. */
export function BoiledEggChart({ query }: { query: AdmetFilterBody }) {
  const { t } = useTranslation('admetMedchem');
  const { data, isLoading } = useQuery({
    queryKey: ['admet', 'filter', query, 'egg'],
    queryFn: () => api.admet.filter({ ...query, page: 1, limit: ADMET_FILTER_MAX_PAGE_SIZE }),
  });
  const points: EggPoint[] = useMemo(
    () => (data?.admets ?? []).flatMap((row) => (row.boiled_egg ? [{ name: `${row.index}. ${row.name}`, egg: row.boiled_egg }] : [])),
    [data],
  );
  const option = useMemo(() => {
    const regions: Record<EggRegion, string> = { yolk: t('eggRegions.yolk'), white: t('eggRegions.white'), outside: t('eggRegions.outside') };
    return boiledEggOption(points, { regions, colors: EGG_REGION_COLORS });
  }, [points, t]);
  return (
    <div data-testid="admet-egg-chart" data-points={points.length} style={{ minHeight: HEIGHT + 28 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('eggNote', { limit: ADMET_FILTER_MAX_PAGE_SIZE })}
      </Typography.Text>
      {isLoading ? (
        <Skeleton.Node active style={{ width: '100%', height: HEIGHT }} />
      ) : points.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('eggEmpty')} style={{ paddingTop: 120 }} />
      ) : (
        <Suspense fallback={<div style={{ height: HEIGHT }} />}>
          <LazyEChart option={option} height={HEIGHT} />
        </Suspense>
      )}
    </div>
  );
}
