import { MailOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../api/session.ts';
import { useAppNavigate } from '../../../app/navigation.ts';
import { BUSINESS_EMAIL } from '../contact.ts';
import styles from './Contact.module.css';

/** Trial credit and business contact, as a closing call to action. */
export function Contact() {
  const { t } = useTranslation('landing');
  const { loggedIn } = useSession();
  const navigate = useAppNavigate();
  return (
    <section id="contact" className={styles.band}>
      <div className={styles.inner}>
        <div className={styles.copy}>
          <h2>{t('contact.title')}</h2>
          <p>{t('contact.text')}</p>
          <div className={styles.email}>
            <MailOutlined />
            <span>{t('contact.emailLabel')}</span>
            <a href={`mailto:${BUSINESS_EMAIL}`}>{BUSINESS_EMAIL}</a>
          </div>
        </div>
        <div className={styles.actions}>
          <Button size="large" href={`mailto:${BUSINESS_EMAIL}`} icon={<MailOutlined />}>
            {t('contact.mail')}
          </Button>
          <Button
            size="large"
            type="primary"
            className={styles.primary}
            onClick={() => navigate(loggedIn ? '/calculate/home' : '/register')}
          >
            {loggedIn ? t('banner.enter') : t('contact.register')}
          </Button>
        </div>
      </div>
    </section>
  );
}
