import { NotBuiltYet } from '@/components/ui/not-built-yet';
import { PageHeader } from '@/components/ui/page-header';
import { adminAreas, type AdminAreaKey } from '../admin-areas';

/** An area whose screens are still to come: its name, its purpose, and an honest note. */
export function AreaPlaceholder({ area }: { area: AdminAreaKey }) {
  const { label, description } = adminAreas[area];
  return (
    <>
      <title>{`${label} · Lantern Admin`}</title>
      <PageHeader title={label} description={description} />
      <NotBuiltYet />
    </>
  );
}
