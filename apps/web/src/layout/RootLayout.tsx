import { App as AntApp } from 'antd';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { connectNotifier } from '../api/notifier.ts';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import { SiteHeader } from './SiteHeader.tsx';

/** Hands antd's themed toasts and the router to the API client, which lives outside React. */
function NotifierBridge() {
  const { message, modal } = AntApp.useApp();
  const navigate = useNavigate();
  useEffect(() => connectNotifier({ message, modal, navigate: (to) => void navigate(to) }), [message, modal, navigate]);
  return null;
}

/** Spec: after each navigation the page scrolls to the top. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <NotifierBridge />
      <ScrollToTop />
      <SiteHeader />
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </>
  );
}
