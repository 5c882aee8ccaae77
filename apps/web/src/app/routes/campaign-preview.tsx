import { SearchX } from 'lucide-react';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useWidgetConfig } from '@/features/enrollment/api/get-widget-config';
import { PublicPage } from '@/features/enrollment/components/public-page';

/**
 * /preview/{token}: the campaign approval page a reviewer opens without signing in (spec 3, 2.10).
 * Until campaign approval exists no token can be valid, so every link gets the spec's error state.
 */
export default function CampaignPreviewRoute() {
  const { config, isPending } = useWidgetConfig();
  // The school's colours, as on the enrolment form; waiting (capped) avoids a flash of the defaults.
  if (isPending) return <FullPageSpinner label="Loading campaign preview..." />;
  return (
    <PublicPage config={config} heading="Preview Not Found">
      <title>{`Preview Not Found · ${config.school_name}`}</title>
      <section className="flex flex-col items-center rounded-xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm sm:px-10">
        <div className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
          <SearchX className="size-6" aria-hidden="true" />
        </div>
        <p className="mt-4 max-w-md text-base text-slate-800">
          This preview link may be mistyped, or it may have expired or been removed.
        </p>
        <p className="mt-2 max-w-md text-sm text-slate-600">
          Please ask the person who sent it to you for a new link.
        </p>
      </section>
    </PublicPage>
  );
}
