import { SendOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

export function SubmitButton({ submitting }: { submitting: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={submitting} disabled={submitting} size="large" data-testid="module-submit">
      {t('actions.submit')}
    </Button>
  );
}
