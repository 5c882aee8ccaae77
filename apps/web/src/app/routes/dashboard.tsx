import { AreaPlaceholder } from '../layout/area-placeholder';

export default function DashboardRoute() {
  return <AreaPlaceholder area="dashboard" />;
}
