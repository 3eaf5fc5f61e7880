import { Button, Result, type ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../app/navigation.ts';
import styles from './StatusLayout.module.css';

/** An error page centred under the header, with a way back home. `keys` names a `common` block. */
export function StatusResult({ status, keys }: { status: ResultProps['status']; keys: 'notAuthorized' | 'notFound' }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  return (
    <div className={styles.wrap}>
      <div className={styles.card}>
        <Result
          status={status}
          title={t(`${keys}.title`)}
          subTitle={t(`${keys}.text`)}
          extra={
            <Button type="primary" onClick={() => navigate('/')}>
              {t(`${keys}.back`)}
            </Button>
          }
        />
      </div>
    </div>
  );
}
