import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useWidgetConfig } from '@/features/enrollment/api/get-widget-config';
import { PublicPage } from '@/features/enrollment/components/public-page';
import { APPROVAL_MESSAGES } from '@lantern/contracts';
import { ApprovalPage } from '@/features/campaigns/approval/approval-page';

/**
 * /preview/{token}: the campaign approval page a reviewer opens without signing in (spec 3, 2.10).
 * Kept out of search engines, and the token never leaves in a Referer.
 */
export default function CampaignPreviewRoute() {
  const { token = '' } = useParams();
  const { config, isPending } = useWidgetConfig();
  // The school's colours, as on the enrolment form; waiting (capped) avoids a flash of the defaults.
  if (isPending) return <FullPageSpinner label={APPROVAL_MESSAGES.loading} />;
  const frame = (heading: string, children: ReactNode) => (
    <PublicPage config={config} heading={heading}>
      <title>{`${heading} · ${config.school_name}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      {children}
    </PublicPage>
  );
  return <ApprovalPage token={token} frame={frame} />;
}
