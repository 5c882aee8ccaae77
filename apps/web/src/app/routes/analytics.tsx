import { AnalyticsScreen } from '@/features/analytics/components/analytics-screen';

export default function AnalyticsRoute() {
  return (
    <>
      <title>Conversation Analytics · Lantern Admin</title>
      <AnalyticsScreen />
    </>
  );
}
