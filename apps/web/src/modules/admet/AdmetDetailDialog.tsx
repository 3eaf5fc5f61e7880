import { useQuery } from '@tanstack/react-query';
import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Modal, Row, Skeleton, Typography } from 'antd';
import { ADMET_GROUPS, ADMET_RADAR_AXES, type AdmetDetail } from '@yunyao/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { LazyEChart } from '../../components/charts/LazyEChart.tsx';
import { Molecule2D } from '../../components/Molecule2D.tsx';
import { useAdmetModelCard } from './admet-verdict.ts';
import { EndpointVerdicts } from './EndpointVerdicts.tsx';
import { MedchemPanel } from './medchem/MedchemPanel.tsx';
import { admetReportUrl } from './report/report-url.ts';
import './admet.i18n.ts';

const RADAR_HEIGHT = 260;

/** The spec's radar: five axes with fixed maxima; values outside [0, max] sit on the rim or the centre. */
export function radarOption(detail: AdmetDetail): EChartsCoreOption {
  const values = new Map(ADMET_GROUPS.flatMap((g) => detail[g]).map((e) => [e.property, e.predict]));
  const raw = ADMET_RADAR_AXES.map((a) => values.get(a.key) ?? null);
  return {
    tooltip: {
      trigger: 'item',
      formatter: () => ADMET_RADAR_AXES.map((a, i) => `${a.label}: ${raw[i] === null ? '-' : raw[i]!.toFixed(2)}`).join('<br/>'),
    },
    radar: { indicator: ADMET_RADAR_AXES.map((a) => ({ name: a.label, max: a.max, min: 0 })), radius: '65%' },
    series: [
      {
        type: 'radar',
        areaStyle: { opacity: 0.25 },
        data: [{ value: raw.map((v, i) => Math.min(Math.max(v ?? 0, 0), ADMET_RADAR_AXES[i]!.max)), name: detail.Smiles }],
      },
    ],
  };
}

/** ADMET detail (spec document 1, dialog 10): structure, radar, and the six grouped property lists. */
export function AdmetDetailDialog({ smiles, name, taskId, onClose }: { smiles: string; name?: string; taskId?: number; onClose: () => void }) {
  const { t } = useTranslation('admet');
  const { t: tMedchem } = useTranslation('admetMedchem');
  const { data, isLoading, isError } = useQuery({ queryKey: ['admet', 'detail', smiles, taskId], queryFn: () => api.admet.detail(smiles, taskId) });
  const option = useMemo(() => (data ? radarOption(data) : null), [data]);
  const cards = useAdmetModelCard();
  return (
    <Modal open width={1000} title={t('detailTitle')} footer={null} onCancel={onClose}>
      <div data-testid="admet-detail">
        <Row wrap={false} gutter={8} align="top">
          <Col flex="auto" style={{ minWidth: 0 }}>
            <Typography.Paragraph copyable code style={{ wordBreak: 'break-all' }}>
              {smiles}
            </Typography.Paragraph>
          </Col>
          <Col flex="none">
            <Button icon={<PrinterOutlined />} href={admetReportUrl(smiles, name, taskId)} target="_blank" disabled={!data} data-testid="admet-open-report">
              {tMedchem('openReport')}
            </Button>
          </Col>
        </Row>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : isError || !data ? (
          <Alert type="error" showIcon title={t('failedRow')} />
        ) : (
          <>
            <Row gutter={16} align="middle">
              <Col xs={24} md={10} style={{ textAlign: 'center' }}>
                <Molecule2D smiles={smiles} width={320} height={240} />
              </Col>
              <Col xs={24} md={14}>
                <Typography.Text strong>{t('radar')}</Typography.Text>
                <Suspense fallback={<div style={{ height: RADAR_HEIGHT }} />}>
                  {option && <LazyEChart option={option} height={RADAR_HEIGHT} testId="admet-radar" />}
                </Suspense>
              </Col>
            </Row>
            <div style={{ marginTop: 8 }}>
              <MedchemPanel profile={data} />
            </div>
            <Row gutter={[12, 12]} style={{ marginTop: 8 }}>
              {ADMET_GROUPS.map((group) => (
                <Col span={24} key={group}>
                  <Card size="small" title={t(`groups.${group}`)} data-testid={`admet-group-${group}`}>
                    <EndpointVerdicts entries={data[group]} cards={cards} layout={group === 'Physicochemical' ? 'exact' : 'full'} />
                  </Card>
                </Col>
              ))}
            </Row>
          </>
        )}
      </div>
    </Modal>
  );
}
