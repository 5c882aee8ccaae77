import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createBrowserRouter, RouterProvider, useLocation, useParams } from 'react-router';
import { AnalyticsScreen } from '../components/analytics-screen';
import type { AddAnswerDialog } from '../components/unanswered/unanswered-tab';
import { ConversationDetailScreen } from '../components/conversation-detail/conversation-detail-screen';

function DetailRoute() {
  const { conversationId = '' } = useParams();
  return <ConversationDetailScreen conversationId={conversationId} />;
}

/** The address as the router sees it, for tests that check where the screen went. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders the analytics routes at `url` with a browser router (the screens read the address bar, as
 * in the app) and a query client that does not retry; `AddAnswer` stands in for the app's dialog.
 */
export function renderAnalyticsRoute(url: string, { AddAnswer }: { AddAnswer?: AddAnswerDialog } = {}) {
  window.history.replaceState(null, '', url);
  const app = createBrowserRouter([
    {
      path: '/analytics',
      element: (
        <>
          <LocationProbe />
          <AnalyticsScreen AddAnswer={AddAnswer} />
        </>
      ),
    },
    {
      path: '/analytics/conversation/:conversationId',
      element: (
        <>
          <LocationProbe />
          <DetailRoute />
        </>
      ),
    },
  ]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={app} />
    </QueryClientProvider>,
  );
}
