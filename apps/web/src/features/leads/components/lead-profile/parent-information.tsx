import { daysUntil, type Lead } from '@lantern/contracts';
import { UserRound } from 'lucide-react';
import { TimelineBadge } from '@/components/ui/timeline-badge';
import { formatDate, formatDateTime } from '@/lib/format';
import { sourceLabel } from './format';
import { DetailItem, DetailList, ProfileSection } from './profile-section';

function relativeDays(isoDate: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return null;
  const days = daysUntil(isoDate, new Date());
  if (days === 0) return 'today';
  if (days > 0) return `in ${days} ${days === 1 ? 'day' : 'days'}`;
  return `${-days} ${days === -1 ? 'day' : 'days'} ago`;
}

const linkStyles = 'text-indigo-700 underline-offset-2 hover:underline';

export function ParentInformation({ lead }: { lead: Lead }) {
  const timelineFromNow = lead.timeline_date ? relativeDays(lead.timeline_date) : null;
  return (
    <ProfileSection title="Parent Information" icon={<UserRound aria-hidden="true" />}>
      <DetailList>
        <DetailItem label="Parent Name">{lead.parent_name}</DetailItem>
        <DetailItem label="Phone">
          {lead.phone ? (
            <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`} className={linkStyles}>
              {lead.phone}
            </a>
          ) : null}
        </DetailItem>
        <DetailItem label="Email" isWide>
          <a href={`mailto:${lead.email}`} className={linkStyles}>
            {lead.email}
          </a>
        </DetailItem>
        <DetailItem label="Phone Consent">
          {lead.phone_consent ? 'Yes, agreed to texts' : 'No consent to texts'}
        </DetailItem>
        <DetailItem label="Source">{sourceLabel(lead.source)}</DetailItem>
        <DetailItem label="Timeline" isWide>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <TimelineBadge timeline={lead.timeline} timelineDate={lead.timeline_date} showDate={false} />
            {lead.timeline_date ? (
              <span className="text-sm text-slate-800">
                {formatDate(lead.timeline_date)}
                {timelineFromNow ? <span className="text-slate-600"> · {timelineFromNow}</span> : null}
              </span>
            ) : null}
          </span>
        </DetailItem>
        <DetailItem label="Created">{formatDateTime(lead.created_at)}</DetailItem>
        <DetailItem label="Last Updated">{formatDateTime(lead.updated_at)}</DetailItem>
      </DetailList>
    </ProfileSection>
  );
}
