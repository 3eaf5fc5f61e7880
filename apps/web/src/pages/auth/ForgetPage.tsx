import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/endpoints.ts';
import { useAppNavigate } from '../../app/navigation.ts';
import { AUTH_NS } from './auth.i18n.ts';
import { AuthCard } from './AuthCard.tsx';
import { emailRules } from './passwordRules.ts';
import styles from './AuthForms.module.css';

export default function ForgetPage() {
  const { t } = useTranslation(AUTH_NS);
  const navigate = useAppNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit({ email }: { email: string }) {
    setSubmitting(true);
    try {
      await api.user.forget(email.trim());
      setSentTo(email.trim());
    } catch {
      // The API client has already shown the server's message.
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <AuthCard>
        <Result
          className={styles.result}
          status="success"
          title={t('forget.sentTitle')}
          subTitle={t('forget.sentText', { email: sentTo })}
          extra={[
            <Button key="login" type="primary" onClick={() => navigate('/login')}>
              {t('forget.backToLogin')}
            </Button>,
            <Button key="again" onClick={() => setSentTo(null)}>
              {t('forget.resend')}
            </Button>,
          ]}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('forget.title')}
      subtitle={t('forget.subtitle')}
      footer={
        <>
          {t('forget.remembered')} <Link to="/login">{t('forget.backToLogin')}</Link>
        </>
      }
    >
      <Form<{ email: string }> layout="vertical" size="large" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="email"
          label={t('fields.email')}
          rules={emailRules(t)}
        >
          <Input prefix={<MailOutlined />} placeholder={t('fields.emailPlaceholder')} autoComplete="email" data-testid="forget-email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="forget-submit">
          {t('forget.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
