import { AreaPlaceholder } from '../layout/area-placeholder';

export default function ResourcesRoute() {
  return <AreaPlaceholder area="resources" />;
}
