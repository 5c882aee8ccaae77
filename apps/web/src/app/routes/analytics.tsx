import { AreaPlaceholder } from '../layout/area-placeholder';

export default function AnalyticsRoute() {
  return <AreaPlaceholder area="analytics" />;
}
