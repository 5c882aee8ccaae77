import { CampaignsScreen } from '@/features/campaigns/components/campaigns-screen';

export default function CampaignsRoute() {
  return (
    <>
      <title>Campaigns · Lantern Admin</title>
      <CampaignsScreen />
    </>
  );
}
