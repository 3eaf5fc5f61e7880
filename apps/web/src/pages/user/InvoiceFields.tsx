import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './Personal.module.css';

const INVOICE_FIELDS = ['header', 'serial_num', 'address', 'telphone', 'bank_name', 'bank_account'] as const;
export const RECIPIENT_FIELDS = ['user_name', 'cell_phone', 'user_address', 'zip_code'] as const;
const REQUIRED = new Set<string>(['header', 'serial_num', ...RECIPIENT_FIELDS]);

export const INVOICE_FIELD_NAMES = INVOICE_FIELDS;

function Fields({ names }: { names: readonly string[] }) {
  const { t } = useTranslation('personal');
  return (
    <div className={styles.formGrid}>
      {names.map((name) => (
        <Form.Item
          key={name}
          name={name}
          label={t(`invoice.field.${name}`)}
          rules={REQUIRED.has(name) ? [{ required: true, whitespace: true, message: t(`invoice.required.${name}`) }] : []}
        >
          <Input maxLength={200} data-testid={`invoice-field-${name}`} />
        </Form.Item>
      ))}
    </div>
  );
}

/** Title, taxpayer id and the bank details of an invoice (spec's required messages on the first two). */
export const InvoiceFields = () => <Fields names={INVOICE_FIELDS} />;
/** Where the paper invoice is posted; all four required. */
export const RecipientFields = () => <Fields names={RECIPIENT_FIELDS} />;
