import { LockOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/endpoints.ts';
import { session } from '../../api/session.ts';
import { useAppNavigate } from '../../app/navigation.ts';
import { AUTH_NS } from './auth.i18n.ts';
import { AuthCard } from './AuthCard.tsx';
import styles from './AuthForms.module.css';
import { confirmRules, PASSWORD_MIN, passwordRules } from './passwordRules.ts';

interface ResetValues {
  password: string;
  confirm: string;
}

export default function ResetPage() {
  const { t } = useTranslation(AUTH_NS);
  const { message } = App.useApp();
  const navigate = useAppNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  const [submitting, setSubmitting] = useState(false);

  async function submit({ password }: ResetValues) {
    if (!token) return;
    setSubmitting(true);
    try {
      await api.user.reset(token, password);
      // The server ends every session of this account, so a stored one is stale now.
      session.clear();
      void message.success(t('reset.success'));
      navigate('/login', { replace: true });
    } catch {
      // The API client has already shown the server's message.
    } finally {
      setSubmitting(false);
    }
  }

  if (!token) {
    return (
      <AuthCard>
        <Result
          className={styles.result}
          status="error"
          title={t('reset.invalidTitle')}
          subTitle={t('reset.invalidText')}
          extra={
            <Button type="primary" onClick={() => navigate('/forget')}>
              {t('reset.requestAgain')}
            </Button>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={
        <>
          {t('reset.expiredHint')} <Link to="/forget">{t('reset.requestAgain')}</Link>
        </>
      }
    >
      <Form<ResetValues> layout="vertical" size="large" requiredMark={false} onFinish={submit}>
        <Form.Item name="password" label={t('fields.newPassword')} rules={passwordRules(t)}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('fields.newPasswordPlaceholder', { count: PASSWORD_MIN })}
            autoComplete="new-password"
            data-testid="reset-password"
          />
        </Form.Item>
        <Form.Item name="confirm" label={t('fields.confirm')} dependencies={['password']} rules={confirmRules(t, 'password')}>
          <Input.Password prefix={<LockOutlined />} placeholder={t('fields.confirmPlaceholder')} autoComplete="new-password" data-testid="reset-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="reset-submit">
          {t('reset.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
