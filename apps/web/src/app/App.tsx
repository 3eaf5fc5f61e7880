import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { prefersReducedMotion } from '../components/reduced-motion.ts';
import { router } from './router.tsx';

const queryClient = new QueryClient({
  // Errors are already toasted by the API client; retrying would toast them again.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } },
});

export function App() {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en';
  dayjs.locale(english ? 'en' : 'zh-cn');
  return (
    <ConfigProvider locale={english ? enUS : zhCN} theme={{ token: { colorPrimary: '#1668dc', borderRadius: 6, motion: !prefersReducedMotion } }}>
      <AntApp message={{ top: 100, maxCount: 3 }}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
