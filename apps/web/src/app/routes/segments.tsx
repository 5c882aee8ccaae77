import { SegmentsScreen } from '@/features/segments/components/segments-screen';

export default function SegmentsRoute() {
  return (
    <>
      <title>Segments · Lantern Admin</title>
      <SegmentsScreen />
    </>
  );
}
