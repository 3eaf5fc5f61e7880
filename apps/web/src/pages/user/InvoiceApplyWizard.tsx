import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Empty, Form, Modal, Radio, Select, Steps } from 'antd';
import { INVOICE_TYPES } from '@yunyao/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type PersonalInvoiceApplication } from '../../api/endpoints.ts';
import { INVOICE_FIELD_NAMES, InvoiceFields, RECIPIENT_FIELDS, RecipientFields } from './InvoiceFields.tsx';
import { money } from './parts.tsx';
import styles from './Personal.module.css';
import { personalKeys, SUCCESS_SECONDS } from './sections.ts';

type Source = 'saved' | 'typed';
type Values = Partial<PersonalInvoiceApplication>;

/**
 * The 3-step invoice application (amount and type, invoice info, recipient) with
 * previous/next. `orderId` comes from a recharge record's 申请开票 (mode 1: after recharge).
 */
export function InvoiceApplyWizard({ orderId, onClose }: { orderId?: string; onClose: () => void }) {
  const { t } = useTranslation('personal');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [chosenSource, setSource] = useState<Source | null>(null);
  const [busy, setBusy] = useState(false);
  const recharges = useQuery({ queryKey: personalKeys.recharges, queryFn: api.personal.recharges });
  const infos = useQuery({ queryKey: personalKeys.invoices, queryFn: api.personal.invoices });
  const source: Source = chosenSource ?? (infos.data?.length ? 'saved' : 'typed');
  const type = Form.useWatch('type', form);
  const chosenOrder = Form.useWatch('order_id', form);

  const orders = (recharges.data ?? []).filter((r) => r.can_invoice || r.order_id === orderId);
  const order = orders.find((r) => r.order_id === chosenOrder);

  const stepFields = (): string[] => {
    if (step === 0) return ['order_id', 'type'];
    if (step === 1) return source === 'saved' ? ['invoice_id'] : [...INVOICE_FIELD_NAMES];
    return [...RECIPIENT_FIELDS];
  };

  async function next() {
    await form.validateFields(stepFields());
    if (step === 1 && source === 'saved') {
      // The saved info's recipient fills step 3 where the user has not typed one.
      const saved = infos.data?.find((i) => i.id === form.getFieldValue('invoice_id'));
      if (saved) for (const name of RECIPIENT_FIELDS) if (!form.getFieldValue(name)) form.setFieldValue(name, saved[name]);
    }
    setStep((s) => s + 1);
  }

  async function submit() {
    await form.validateFields(stepFields());
    const v = form.getFieldsValue(true) as Values;
    const body: PersonalInvoiceApplication = {
      order_id: v.order_id ?? '',
      type: v.type ?? 'normal',
      user_name: v.user_name ?? '',
      cell_phone: v.cell_phone ?? '',
      user_address: v.user_address ?? '',
      zip_code: v.zip_code ?? '',
    };
    if (source === 'saved') body.invoice_id = v.invoice_id;
    else for (const name of INVOICE_FIELD_NAMES) body[name] = v[name] ?? '';
    setBusy(true);
    try {
      await api.personal.applyInvoice(body);
      void message.success(t('invoice.success'), SUCCESS_SECONDS);
      void queryClient.invalidateQueries({ queryKey: personalKeys.applied });
      void queryClient.invalidateQueries({ queryKey: personalKeys.recharges });
      onClose();
    } catch (err) {
      void message.warning((err as Error).message, SUCCESS_SECONDS);
    } finally {
      setBusy(false);
    }
  }

  const footer = (
    <>
      <Button onClick={onClose}>{t('common.cancel')}</Button>
      {step > 0 && (
        <Button onClick={() => setStep((s) => s - 1)} data-testid="invoice-apply-prev">
          {t('invoice.prev')}
        </Button>
      )}
      {step < 2 ? (
        <Button type="primary" onClick={() => void next().catch(() => undefined)} data-testid="invoice-apply-next">
          {t('invoice.next')}
        </Button>
      ) : (
        <Button type="primary" loading={busy} onClick={() => void submit().catch(() => undefined)} data-testid="invoice-apply-submit">
          {t('invoice.submit')}
        </Button>
      )}
    </>
  );

  return (
    <Modal open width={760} title={t('invoice.wizardTitle')} footer={footer} onCancel={onClose} destroyOnHidden>
      <div data-testid="invoice-wizard" data-step={step}>
        <Steps
          className={styles.steps}
          current={step}
          size="small"
          items={[{ title: t('invoice.step.amount') }, { title: t('invoice.step.info') }, { title: t('invoice.step.recipient') }]}
        />
        <Form form={form} layout="vertical" initialValues={{ order_id: orderId, type: 'normal' }} className={styles.stepBody}>
          {step === 0 && (
            <>
              <Form.Item name="order_id" label={t('invoice.order')} rules={[{ required: true, message: t('invoice.orderRequired') }]}>
                <Select
                  loading={recharges.isPending}
                  placeholder={t('invoice.order')}
                  notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('invoice.noOrders')} />}
                  options={orders.map((r) => ({ value: r.order_id, label: t('invoice.orderOption', { order: r.order_id, amount: money(r.amount), time: r.created_at }) }))}
                  data-testid="invoice-apply-order"
                />
              </Form.Item>
              <Form.Item label={t('invoice.invoiceAmount')}>
                <strong className={styles.payAmount} style={{ fontSize: 22 }} data-testid="invoice-apply-amount">
                  {order ? `¥ ${money(order.amount)}` : '-'}
                </strong>
              </Form.Item>
              <Form.Item name="type" label={t('invoice.type')} rules={[{ required: true, message: t('invoice.typeRequired') }]}>
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  options={INVOICE_TYPES.map((v) => ({ value: v, label: <span data-testid={`invoice-type-${v}`}>{t(`invoice.types.${v}`)}</span> }))}
                />
              </Form.Item>
              {!recharges.isPending && orders.length === 0 && <Alert type="info" showIcon title={t('invoice.noOrders')} />}
            </>
          )}
          {step === 1 && (
            <>
              <Form.Item label={t('invoice.source')}>
                <Radio.Group
                  value={source}
                  onChange={(e) => setSource(e.target.value as Source)}
                  options={[
                    { value: 'saved', label: t('invoice.sourceSaved'), disabled: !infos.data?.length },
                    { value: 'typed', label: t('invoice.sourceTyped') },
                  ]}
                  data-testid="invoice-apply-source"
                />
              </Form.Item>
              {source === 'saved' ? (
                <Form.Item name="invoice_id" label={t('invoice.pick')} rules={[{ required: true, message: t('invoice.pickRequired') }]}>
                  <Select
                    options={(infos.data ?? []).map((i) => ({ value: i.id, label: `${i.header} · ${i.serial_num}` }))}
                    data-testid="invoice-apply-saved"
                  />
                </Form.Item>
              ) : (
                <InvoiceFields />
              )}
              {type === 'special' && <Alert type="warning" showIcon title={t('invoice.specialHint')} />}
            </>
          )}
          {step === 2 && <RecipientFields />}
        </Form>
      </div>
    </Modal>
  );
}
