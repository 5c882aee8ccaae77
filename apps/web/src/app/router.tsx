import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { RequireAuth } from './require-auth';
import { LoginRoute } from './routes/login';
import { RouteError } from './routes/route-error';

/** A lazily loaded route module: its default export is the page, fetched on first visit. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

// Only the login screen and the guard ship in the first bundle; the shell and every area load on demand.
export const router = createBrowserRouter([
  {
    HydrateFallback: () => <FullPageSpinner />,
    ErrorBoundary: RouteError,
    children: [
      { path: '/login', Component: LoginRoute },
      // The public enrolment form and its thank-you page: no session, no admin shell.
      { path: '/enroll', lazy: page(() => import('./routes/enroll')) },
      { path: '/enroll/success', lazy: page(() => import('./routes/enroll-success')) },
      // The campaign approval link a reviewer opens: public like the enrolment form.
      { path: '/preview/:token', lazy: page(() => import('./routes/campaign-preview')) },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: page(() => import('./routes/admin-layout')),
            children: [
              {
                // Errors inside a page keep the shell and its navigation on screen.
                ErrorBoundary: RouteError,
                children: [
                  { index: true, lazy: page(() => import('./routes/dashboard')) },
                  { path: 'leads', lazy: page(() => import('./routes/leads')) },
                  { path: 'analytics', lazy: page(() => import('./routes/analytics')) },
                  {
                    path: 'analytics/conversation/:conversationId',
                    lazy: page(() => import('./routes/conversation')),
                  },
                  { path: 'knowledge', lazy: page(() => import('./routes/knowledge')) },
                  { path: 'segments', lazy: page(() => import('./routes/segments')) },
                  { path: 'resources', lazy: page(() => import('./routes/resources')) },
                  { path: 'campaigns', lazy: page(() => import('./routes/campaigns')) },
                  { path: 'templates', lazy: page(() => import('./routes/templates')) },
                  { path: 'widget', lazy: page(() => import('./routes/widget-settings')) },
                  { path: '*', lazy: page(() => import('./routes/not-found')) },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]);
