import { ResourcesScreen } from '@/features/resources/components/resources-screen';

export default function ResourcesRoute() {
  return (
    <>
      <title>Resources · Lantern Admin</title>
      <ResourcesScreen />
    </>
  );
}
