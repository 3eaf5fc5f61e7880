import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Label } from '../app/catalogue.ts';
import { useAppNavigate } from '../app/navigation.ts';
import { useLabel } from '../app/use-label.ts';

/** A page whose module is not built yet: its name and what it will do, never a blank screen. */
export default function ComingSoon({ title, description }: { title: Label; description: Label }) {
  const { t } = useTranslation();
  const label = useLabel();
  const navigate = useAppNavigate();
  return (
    <Card data-testid="coming-soon">
      <Result
        icon={<ClockCircleOutlined style={{ color: '#1668dc' }} />}
        title={`${label(title)} · ${t('comingSoon.title')}`}
        subTitle={
          <>
            <p style={{ maxWidth: 640, margin: '0 auto 8px', fontSize: 15, color: '#374151' }}>{label(description)}</p>
            <p style={{ margin: 0 }}>{t('comingSoon.text')}</p>
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate('/calculate/home')}>
            {t('comingSoon.backHome')}
          </Button>
        }
      />
    </Card>
  );
}
