import { GiftOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { INVITE_REWARD_YUAN } from '@yunyao/contract/constants';
import { loadApi } from '../../api/load-api.ts';
import { session } from '../../api/session.ts';
import { useAppNavigate } from '../../app/navigation.ts';
import { AUTH_NS } from './auth.i18n.ts';
import { AuthCard } from './AuthCard.tsx';
import styles from './AuthForms.module.css';
import { confirmRules, passwordRules, emailRules } from './passwordRules.ts';

interface RegisterValues {
  email: string;
  password: string;
  confirm: string;
}

export default function RegisterPage() {
  const { t } = useTranslation(AUTH_NS);
  const { message } = App.useApp();
  const navigate = useAppNavigate();
  const [params] = useSearchParams();
  const inviteCode = params.get('invite_code')?.trim() || undefined;
  const [submitting, setSubmitting] = useState(false);

  async function submit({ email, password }: RegisterValues) {
    setSubmitting(true);
    try {
      const account = email.trim();
      const api = await loadApi();
      await api.user.register({ email: account, password, invite_code: inviteCode });
      // Registration answers only the user; logging in with the same credentials yields the tokens.
      session.save(await api.user.login(account, password));
      void message.success(t('register.success'));
      navigate('/calculate/home', { replace: true });
    } catch {
      // The API client has already shown the server's message.
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.hasAccount')} <Link to="/login">{t('register.toLogin')}</Link>
        </>
      }
    >
      {inviteCode && (
        <Alert
          className={styles.invite}
          type="success"
          showIcon
          icon={<GiftOutlined />}
          title={
            <>
              {t('register.inviteTitle')}
              <span className={styles.inviteCode} data-testid="register-invite">
                {t('register.inviteCode', { code: inviteCode })}
              </span>
            </>
          }
          description={t('register.inviteReward', { amount: INVITE_REWARD_YUAN })}
        />
      )}
      <Form<RegisterValues> layout="vertical" size="large" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="email"
          label={t('fields.email')}
          rules={emailRules(t)}
        >
          <Input prefix={<MailOutlined />} placeholder={t('fields.emailPlaceholder')} autoComplete="email" data-testid="register-email" />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={passwordRules(t)}>
          <Input.Password prefix={<LockOutlined />} placeholder={t('fields.passwordPlaceholder')} autoComplete="new-password" data-testid="register-password" />
        </Form.Item>
        <Form.Item name="confirm" label={t('fields.confirm')} dependencies={['password']} rules={confirmRules(t, 'password')}>
          <Input.Password prefix={<LockOutlined />} placeholder={t('fields.confirmPlaceholder')} autoComplete="new-password" data-testid="register-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
