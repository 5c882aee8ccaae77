import { AreaPlaceholder } from '../layout/area-placeholder';

export default function KnowledgeRoute() {
  return <AreaPlaceholder area="knowledge" />;
}
