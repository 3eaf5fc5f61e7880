import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppNavigate } from '../../app/navigation.ts';
import './document.i18n.ts';
import styles from './DocumentPage.module.css';
import { OnThisPage } from './OnThisPage.tsx';
import { prepareArticle } from './prepareArticle.ts';
import { TutorialArticle } from './TutorialArticle.tsx';
import { TutorialNav } from './TutorialNav.tsx';
import { isTutorialSlug, loadTutorial, type TutorialSlug } from './tutorial.ts';

export default function DocumentPage() {
  const { slug: param = 'index' } = useParams();
  const slug: TutorialSlug | null = isTutorialSlug(param) ? param : null;
  const { t, i18n } = useTranslation('document');
  const navigate = useAppNavigate();

  const page = useQuery({
    queryKey: ['tutorial', slug],
    queryFn: async () => prepareArticle(await loadTutorial(slug!)),
    enabled: slug !== null,
    // The markdown is part of the build; it cannot change while the app runs.
    staleTime: Infinity,
  });

  let body;
  if (!slug) {
    body = (
      <Result
        status="404"
        title={t('notFound')}
        subTitle={t('notFoundText')}
        extra={
          <Button type="primary" onClick={() => navigate('/document')}>
            {t('backToStart')}
          </Button>
        }
      />
    );
  } else if (page.isError) {
    body = (
      <Result
        status="warning"
        title={t('loadFailed')}
        subTitle={t('loadFailedText')}
        extra={<Button onClick={() => void page.refetch()}>{t('retry')}</Button>}
      />
    );
  } else if (!page.data) {
    body = (
      <div className={styles.article} data-testid="tutorial-skeleton">
        <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 4 }} />
        <Skeleton active paragraph={{ rows: 6 }} />
        <Skeleton active paragraph={{ rows: 5 }} />
      </div>
    );
  } else {
    body = <TutorialArticle slug={slug} article={page.data} />;
  }

  return (
    <div className={styles.page}>
      <TutorialNav current={slug} />
      <main className={styles.main}>
        {i18n.language === 'en' && <Alert className={styles.notice} type="info" showIcon title={t('chineseOnly')} />}
        <div className={styles.paper}>{body}</div>
      </main>
      <OnThisPage headings={page.data && slug ? page.data.headings : []} />
    </div>
  );
}
