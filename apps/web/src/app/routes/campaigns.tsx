import { AreaPlaceholder } from '../layout/area-placeholder';

export default function CampaignsRoute() {
  return <AreaPlaceholder area="campaigns" />;
}
