import { PageHeader } from '@/components/ui/page-header';
import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';

export default function DashboardRoute() {
  return (
    <>
      <title>Dashboard · Lantern Admin</title>
      <PageHeader title="Dashboard" description="Overview and statistics" />
      <DashboardOverview />
    </>
  );
}
