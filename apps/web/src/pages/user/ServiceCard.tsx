import { CustomerServiceOutlined, ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { BUSINESS_EMAIL } from '../landing/contact.ts';
import { SectionCard } from './parts.tsx';
import styles from './Personal.module.css';
import { personalKeys } from './sections.ts';

/** Customer-service contacts and the official account's QR code with a refresh button. */
export function ServiceCard() {
  const { t } = useTranslation('personal');
  const qr = useQuery({ queryKey: personalKeys.officialQr, queryFn: api.personal.officialQr, staleTime: 5 * 60_000 });
  return (
    <SectionCard icon={<CustomerServiceOutlined />} title={t('overview.serviceTitle')} testId="service-card">
      <p className={styles.muted}>{t('overview.serviceText')}</p>
      <div className={styles.serviceList}>
        <div className={styles.serviceRow}>
          <span>{t('overview.serviceEmail')}</span>
          <a href={`mailto:${BUSINESS_EMAIL}`}>{BUSINESS_EMAIL}</a>
        </div>
        <div className={styles.serviceRow}>
          <span>{t('overview.serviceHours')}</span>
          <span>{t('overview.serviceHoursValue')}</span>
        </div>
      </div>
      <Divider style={{ margin: '16px 0' }} />
      <div className={styles.qr}>
        <div className={styles.qrBox} data-testid="official-qr">
          {qr.data ? (
            <img src={qr.data.url} alt={t('overview.qrAlt')} />
          ) : qr.isError ? (
            <span className={styles.hint}>{t('overview.qrFailed')}</span>
          ) : (
            <Skeleton.Image active style={{ width: 120, height: 120 }} />
          )}
        </div>
        <div>
          <p className={styles.cardTitle}>
            <WechatOutlined style={{ color: '#07c160' }} /> {t('overview.qrTitle')}
          </p>
          <p className={styles.muted}>{t('overview.qrText')}</p>
          <Button icon={<ReloadOutlined />} loading={qr.isFetching} onClick={() => void qr.refetch()} data-testid="official-qr-refresh">
            {t('common.refresh')}
          </Button>
        </div>
      </div>
    </SectionCard>
  );
}
