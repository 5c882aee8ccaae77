import { AreaPlaceholder } from '../layout/area-placeholder';

export default function TemplatesRoute() {
  return <AreaPlaceholder area="templates" />;
}
