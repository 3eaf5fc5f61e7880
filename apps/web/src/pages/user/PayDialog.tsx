import { ExperimentOutlined, LoadingOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Modal, Skeleton, Tag } from 'antd';
import { RechargeStatus } from '@yunyao/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import styles from './Personal.module.css';
import { personalKeys } from './sections.ts';
import { formatYuan } from './useUserInfo.ts';

const POLL_MS = 2000;
const PAID_TOAST_SECONDS = 5;

/**
 * The sandbox page the QR code opens, on this origin: the code's URL is built from PUBLIC_URL,
 * which a development browser (Vite's dev server) may not be on.
 */
const sandboxPageHref = (codeUrl: string) => {
  const url = new URL(codeUrl);
  return url.pathname + url.search;
};

/** The order's QR code, polled every 2 s until paid; the sandbox provider gets a link to its local payment page. */
export function PayDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t } = useTranslation('personal');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const order = useQuery({
    queryKey: personalKeys.recharge(orderId),
    queryFn: () => api.personal.rechargeQr(orderId),
    refetchInterval: (q) => (q.state.data?.status === RechargeStatus.paid ? false : POLL_MS),
    refetchIntervalInBackground: true,
  });
  const announced = useRef(false);
  const paid = order.data?.status === RechargeStatus.paid;

  useEffect(() => {
    if (!paid || announced.current) return;
    announced.current = true;
    void message.success(t('funds.paid'), PAID_TOAST_SECONDS);
    void queryClient.invalidateQueries({ queryKey: ['user', 'info'] });
    void queryClient.invalidateQueries({ queryKey: personalKeys.recharges });
    onClose();
  }, [paid, message, t, queryClient, onClose]);

  const data = order.data;
  return (
    <Modal open title={t('funds.payTitle')} footer={null} onCancel={onClose} width={420} destroyOnHidden>
      <div className={styles.payDialog} data-testid="pay-dialog" data-order={orderId}>
        {data?.provider === 'sandbox' && (
          <Tag color="orange" icon={<ExperimentOutlined />} data-testid="pay-sandbox-tag">
            {t('funds.sandboxTag')}
          </Tag>
        )}
        <div className={styles.payAmount}>{data ? `¥ ${formatYuan(data.amount)}` : <Skeleton.Input active size="small" />}</div>
        <div className={styles.payQr}>{data ? <img src={data.qrcode} alt={t('funds.payQrAlt')} /> : <Skeleton.Image active style={{ width: 200, height: 200 }} />}</div>
        <span className={styles.hint}>
          {t('common.orderId')}：{orderId}
        </span>
        <span>
          <LoadingOutlined /> {t('funds.waiting')}
        </span>
        <p className={styles.hint} style={{ margin: 0 }}>
          {t('funds.payHint')}
        </p>
        {data?.provider === 'sandbox' && (
          <div className={styles.sandbox}>
            <p style={{ margin: '0 0 8px' }}>{t('funds.sandboxText')}</p>
            <Button
              type="primary"
              ghost
              block
              href={sandboxPageHref(data.code_url)}
              target="_blank"
              rel="noopener"
              icon={<ExperimentOutlined />}
              data-testid="pay-sandbox-link"
            >
              {t('funds.sandboxOpen')}
            </Button>
          </div>
        )}
      </div>
    </Modal>
  );
}
