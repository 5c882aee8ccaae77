import { AreaPlaceholder } from '../layout/area-placeholder';

export default function SegmentsRoute() {
  return <AreaPlaceholder area="segments" />;
}
