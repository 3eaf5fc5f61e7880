import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../layout/RequireAuth.tsx';
import { RootLayout } from '../layout/RootLayout.tsx';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import { catalogue } from './web-modules.ts';
import type { PageLoader } from './web-module.ts';

/** Code-split route: the page's chunk loads on first visit only. */
const page = (load: PageLoader): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const ComingSoon = lazy(() => import('../components/ComingSoon.tsx'));
// Rare, and antd's Result carries illustrations: keep it out of the first load.
const RouteError = lazy(() => import('../layout/RouteError.tsx'));

const calculateChildren: RouteObject[] = catalogue.pages.map((p) =>
  p.load ? { path: p.path, ...page(p.load) } : { path: p.path, element: <ComingSoon title={p.title} description={p.description} /> },
);

const landing = page(() => import('../pages/landing/LandingPage.tsx'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: (
      <Suspense fallback={<PageSkeleton />}>
        <RouteError />
      </Suspense>
    ),
    // Shown while the first page's lazy chunk loads on a direct visit.
    hydrateFallbackElement: <PageSkeleton />,
    children: [
      { path: '/', ...landing },
      { path: '/home', ...landing },
      { path: '/indexDemo', ...page(() => import('../pages/landing/LandingDemoPage.tsx')) },
      { path: '/document', ...page(() => import('../pages/document/DocumentPage.tsx')) },
      { path: '/document/:slug', ...page(() => import('../pages/document/DocumentPage.tsx')) },
      { path: '/login', ...page(() => import('../pages/auth/LoginPage.tsx')) },
      { path: '/register', ...page(() => import('../pages/auth/RegisterPage.tsx')) },
      { path: '/forget', ...page(() => import('../pages/auth/ForgetPage.tsx')) },
      { path: '/reset', ...page(() => import('../pages/auth/ResetPage.tsx')) },
      { path: '/demo', ...page(() => import('../pages/status/DemoPage.tsx')) },
      { path: '/401', ...page(() => import('../pages/status/NotAuthorizedPage.tsx')) },
      {
        element: <RequireAuth />,
        children: [
          { path: '/user', ...page(() => import('../pages/user/UserPage.tsx')) },
          { path: '/pay/sandbox/:orderId', ...page(() => import('../pages/user/SandboxPayPage.tsx')) },
          { path: '/prothod', ...page(() => import('../pages/status/ProthodPage.tsx')) },
          {
            path: '/calculate',
            ...page(() => import('../layout/CalculateLayout.tsx')),
            children: [
              { index: true, element: <Navigate to="/calculate/home" replace /> },
              ...calculateChildren,
              { path: 'dataCenter/csv/:id', ...page(() => import('../pages/data-center/CsvPreviewPage.tsx')) },
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('../pages/status/NotFoundPage.tsx')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
