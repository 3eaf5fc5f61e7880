import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Tag, Typography } from 'antd';
import { ADMET_GROUPS, type AdmetDetail } from '@yunyao/contract';
import { Suspense, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { api } from '../../../api/endpoints.ts';
import { LazyEChart } from '../../../components/charts/LazyEChart.tsx';
import { Molecule2D } from '../../../components/Molecule2D.tsx';
import { radarOption } from '../AdmetDetailDialog.tsx';
import { useAdmetModelCard } from '../admet-verdict.ts';
import { EndpointVerdicts } from '../EndpointVerdicts.tsx';
import { AlertList, EggVerdict, RuleVerdicts } from '../medchem/MedchemPanel.tsx';
import '../admet.i18n.ts';
import '../medchem/medchem.i18n.ts';
import styles from './report.module.css';

/** The provenance the worker writes into every task's result (apps/worker/src/run-task.ts). */
const provenanceSchema = z.object({
  module_version: z.string().optional(),
  engines: z.array(z.object({ id: z.string(), name: z.string(), version: z.string().nullable() })).default([]),
  step_versions: z.record(z.string(), z.string().nullable()).optional(),
});
type Provenance = z.infer<typeof provenanceSchema>;

function ProvenanceTags({ provenance }: { provenance: Provenance }) {
  const { t } = useTranslation('admetMedchem');
  // The step reports its libraries too; only those the platform's list lacks (numpy, the model set) are new.
  const listed = new Set(provenance.engines.flatMap((e) => [e.id.toLowerCase(), e.name.toLowerCase()]));
  const steps = Object.entries(provenance.step_versions ?? {}).filter(([name, v]) => v && !listed.has(name.toLowerCase()));
  return (
    <div data-testid="admet-report-provenance">
      {provenance.module_version && <Tag>ADMET module {provenance.module_version}</Tag>}
      {provenance.engines.map((e) => (
        <Tag key={e.id}>
          {e.name} {e.version ?? t('report.noVersion')}
        </Tag>
      ))}
      {steps.map(([name, version]) => (
        <Tag key={name} color="blue">
          {name} {version}
        </Tag>
      ))}
    </div>
  );
}

function ReportSheet({ detail, name, taskId, provenance }: { detail: AdmetDetail; name: string; taskId: number | undefined; provenance: Provenance | null }) {
  const { t } = useTranslation('admetMedchem');
  const { t: tAdmet } = useTranslation('admet');
  const radar = useMemo(() => radarOption(detail), [detail]);
  const cards = useAdmetModelCard();
  const { alerts, rules, boiled_egg: egg } = detail;
  return (
    <article className={styles.sheet} data-testid="admet-report">
      <header className={styles.header}>
        <h1>{t('report.title')}</h1>
        <span>
          {name && <strong>{name} · </strong>}
          {taskId ? `${t('report.task')} #${taskId} · ` : ''}
          {t('report.generated')} {new Date().toLocaleString()}
        </span>
      </header>
      <div className={styles.smiles}>{detail.Smiles}</div>
      <section className={styles.top}>
        <Molecule2D smiles={detail.Smiles} width={230} height={170} />
        <div>
          <div className={styles.sectionTitle}>{t('report.radar')}</div>
          <Suspense fallback={<div style={{ height: 170 }} />}>
            <LazyEChart option={radar} height={170} />
          </Suspense>
        </div>
      </section>
      {alerts && rules && egg ? (
        <section className={styles.medchem}>
          <div>
            <div className={styles.sectionTitle}>{t('rules')}</div>
            <RuleVerdicts rules={rules} />
            <div className={styles.sectionTitle}>{t('egg')}</div>
            <EggVerdict egg={egg} />
          </div>
          <div>
            <div className={styles.sectionTitle}>{t('alerts')}</div>
            <AlertList smiles={detail.Smiles} alerts={alerts} drawing={150} interactive={false} />
          </div>
        </section>
      ) : (
        <Typography.Paragraph type="secondary">{t('notComputed')}</Typography.Paragraph>
      )}
      <div className={styles.sectionTitle}>{t('report.endpoints')}</div>
      <section className={styles.endpoints}>
        {ADMET_GROUPS.map((group) => (
          <div key={group} className={styles.group} data-testid={`admet-report-group-${group}`}>
            <div className={styles.sectionTitle}>{tAdmet(`groups.${group}`)}</div>
            <EndpointVerdicts entries={detail[group]} cards={cards} layout={group === 'Physicochemical' ? 'exact' : 'compact'} />
          </div>
        ))}
      </section>
      <div className={styles.sectionTitle}>{t('report.provenance')}</div>
      {provenance ? <ProvenanceTags provenance={provenance} /> : <Typography.Text type="secondary">{t('report.noProvenance')}</Typography.Text>}
      <footer className={styles.footer}>{t('report.disclaimer')}</footer>
    </article>
  );
}

/**
 * One molecule's printable report (A4): structure, radar, rules and alerts, every endpoint as the
 * detail dialog lists it, and the versions that made them. Drawn as its own layer over the app so
 * the print shows the sheet alone.
 */
export default function AdmetReportPage() {
  const { t } = useTranslation('admetMedchem');
  const [params] = useSearchParams();
  const smiles = params.get('smiles') ?? '';
  const name = params.get('name') ?? '';
  const taskId = Number(params.get('task')) || undefined;
  const detail = useQuery({ queryKey: ['admet', 'detail', smiles, taskId], queryFn: () => api.admet.detail(smiles, taskId), enabled: smiles !== '' });
  const provenance = useQuery({
    queryKey: ['tasks', 'json', taskId],
    queryFn: async () => (taskId ? (provenanceSchema.safeParse(await api.tasks.json(taskId)).data ?? null) : null),
    enabled: taskId !== undefined,
  });
  const data = detail.data;
  const ready = data !== undefined && (taskId === undefined || !provenance.isLoading);

  return createPortal(
    <div className={styles.layer}>
      <div className={styles.toolbar}>
        <Typography.Text type="secondary">{t('report.title')}</Typography.Text>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!ready} data-testid="admet-report-print">
          {t('report.print')}
        </Button>
      </div>
      {!smiles ? (
        <Alert className={styles.sheet} type="warning" showIcon title={t('report.missing')} />
      ) : detail.isError ? (
        <Alert className={styles.sheet} type="error" showIcon title={t('report.failed')} />
      ) : !ready ? (
        <div className={styles.sheet}>
          <Skeleton active paragraph={{ rows: 16 }} />
        </div>
      ) : (
        <ReportSheet detail={data} name={name} taskId={taskId} provenance={provenance.data ?? null} />
      )}
    </div>,
    document.body,
  );
}
