import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A page that threw, or whose chunk failed to load after a deploy: say so and offer a reload. */
export default function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Result
      status="warning"
      title={t('routeError.title')}
      subTitle={t('routeError.text')}
      extra={
        <Button type="primary" onClick={() => location.reload()}>
          {t('routeError.reload')}
        </Button>
      }
    />
  );
}
