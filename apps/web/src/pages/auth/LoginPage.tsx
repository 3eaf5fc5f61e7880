import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loadApi } from '../../api/load-api.ts';
import { session } from '../../api/session.ts';
import { useAppNavigate } from '../../app/navigation.ts';
import { AUTH_NS } from './auth.i18n.ts';
import { AuthCard } from './AuthCard.tsx';
import styles from './AuthForms.module.css';

/** Spec: required-field warnings show for 2 seconds. */
const WARNING_SECONDS = 2;
const HOME = '/calculate/home';

interface LoginValues {
  account: string;
  password: string;
}

/** Only an in-app path may be returned to, so a crafted link cannot send the user elsewhere. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) return HOME;
  return from;
}

export default function LoginPage() {
  const { t } = useTranslation(AUTH_NS);
  const { message } = App.useApp();
  const navigate = useAppNavigate();
  const location = useLocation();
  const [submitting, setSubmitting] = useState(false);

  async function submit({ account, password }: LoginValues) {
    setSubmitting(true);
    try {
      const api = await loadApi();
      session.save(await api.user.login(account.trim(), password));
      void message.success(t('login.success'));
      navigate(returnPath(location.state), { replace: true });
    } catch {
      // The API client has already shown the server's message.
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')} <Link to="/register">{t('login.toRegister')}</Link>
        </>
      }
    >
      <Form<LoginValues>
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={submit}
        onFinishFailed={() => void message.warning(t('rules.loginMissing'), WARNING_SECONDS)}
      >
        <Form.Item name="account" label={t('fields.account')} rules={[{ required: true, whitespace: true, message: t('rules.accountRequired') }]}>
          <Input prefix={<UserOutlined />} placeholder={t('fields.accountPlaceholder')} autoComplete="username" data-testid="login-account" />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={[{ required: true, message: t('rules.passwordRequired') }]}>
          <Input.Password prefix={<LockOutlined />} placeholder={t('fields.passwordPlaceholder')} autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        <div className={styles.aside}>
          <Link to="/forget">{t('login.forget')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
