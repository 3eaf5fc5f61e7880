import { ExperimentOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Tag } from 'antd';
import { RechargeStatus } from '@yunyao/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../../api/endpoints.ts';
import './personal.i18n.ts';
import styles from './Personal.module.css';
import { formatYuan } from './useUserInfo.ts';

/**
 * `/pay/sandbox/:orderId?token=`: the development payment provider's page, which the sandbox
 * QR code opens; the server confirms only with the order's token from that QR code's URL.
 */
export default function SandboxPayPage() {
  const { t } = useTranslation('personal');
  const { orderId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const order = useQuery({ queryKey: ['personal', 'sandbox', orderId], queryFn: () => api.personal.rechargeQr(orderId), retry: false });
  const confirm = useMutation({ mutationFn: () => api.personal.confirmSandbox(orderId, token), onSuccess: () => void order.refetch() });
  const data = order.data;
  const paid = data?.status === RechargeStatus.paid;

  return (
    <div className={styles.sandboxPage} data-testid="sandbox-page">
      <Card
        className={styles.card}
        title={
          <span className={styles.cardTitle}>
            <Tag color="orange" icon={<ExperimentOutlined />}>
              {t('sandbox.tag')}
            </Tag>
            {t('sandbox.title')}
          </span>
        }
      >
        {order.isError ? (
          <Result status="warning" title={t('sandbox.notFound')} extra={<Link to="/user?tab=funds">{t('sandbox.back')}</Link>} />
        ) : !data ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : paid || confirm.isSuccess ? (
          <Result
            status="success"
            title={t('sandbox.successTitle')}
            subTitle={t('sandbox.successText', { order: data.order_id, amount: formatYuan(data.amount) })}
            extra={
              <Link to="/user?tab=funds">
                <Button type="primary">{t('sandbox.back')}</Button>
              </Link>
            }
            data-testid="sandbox-success"
          />
        ) : (
          <>
            <Alert type="warning" showIcon title={t('sandbox.text')} style={{ marginBottom: 20 }} />
            <Descriptions column={1} bordered size="middle">
              <Descriptions.Item label={t('sandbox.order')}>{data.order_id}</Descriptions.Item>
              <Descriptions.Item label={t('sandbox.amount')}>
                <strong className={styles.payAmount}>¥ {formatYuan(data.amount)}</strong>
              </Descriptions.Item>
              <Descriptions.Item label={t('sandbox.status')}>{data.status_text}</Descriptions.Item>
            </Descriptions>
            <Button
              type="primary"
              size="large"
              block
              style={{ marginTop: 24 }}
              loading={confirm.isPending}
              disabled={data.provider !== 'sandbox'}
              onClick={() => confirm.mutate()}
              data-testid="sandbox-confirm"
            >
              {t('sandbox.confirm')}
            </Button>
          </>
        )}
      </Card>
    </div>
  );
}
