import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../layout/RequireAuth.tsx';
import { RootLayout } from '../layout/RootLayout.tsx';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import { lazyRoute as page } from './lazy-route.ts';

// Rare, and antd's Result carries illustrations: keep it out of the first load.
const RouteError = lazy(() => import('../layout/RouteError.tsx'));

const CALCULATE_ROUTE_ID = 'calculate';

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
            id: CALCULATE_ROUTE_ID,
            path: '/calculate',
            ...page(() => import('../layout/CalculateLayout.tsx')),
            // The catalogue's pages are patched in on the first visit under /calculate.
            children: [
              { index: true, element: <Navigate to="/calculate/home" replace /> },
              { path: 'dataCenter/csv/:id', ...page(() => import('../pages/data-center/CsvPreviewPage.tsx')) },
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('../pages/status/NotFoundPage.tsx')) },
    ],
  },
];

export const router = createBrowserRouter(routes, {
  // The catalogue's pages come with every manifest's icon and every module's name: loaded on the
  // first visit under /calculate (which also loads its layout), not with the landing page. A path
  // no route matches lands on the root's `*`, so React Router asks here; patching twice is a no-op.
  async patchRoutesOnNavigation({ path, patch }) {
    if (!path.startsWith('/calculate/')) return;
    const { calculateRoutes } = await import('./calculate-routes.tsx');
    patch(CALCULATE_ROUTE_ID, calculateRoutes);
  },
});
