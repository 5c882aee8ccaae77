import { AreaPlaceholder } from '../layout/area-placeholder';

export default function LeadsRoute() {
  return <AreaPlaceholder area="leads" />;
}
