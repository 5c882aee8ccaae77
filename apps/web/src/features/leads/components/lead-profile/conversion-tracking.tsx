import type { Lead } from '@lantern/contracts';
import { BadgeCheck } from 'lucide-react';
import { formatDate, formatDateTime } from '@/lib/format';
import { formatMoney, humanize } from './format';
import { DetailItem, DetailList, Pill, ProfileSection, type PillTone } from './profile-section';

const conversionTones: Record<string, PillTone> = {
  pending: 'slate',
  contacted: 'blue',
  interested: 'amber',
  enrolled: 'green',
  lost: 'red',
};

const emailTones: Record<string, PillTone> = {
  subscribed: 'green',
  unsubscribed: 'amber',
  bounced: 'red',
  complained: 'red',
};

export function ConversionTracking({ lead }: { lead: Lead }) {
  const isEnrolled = lead.conversion_status === 'enrolled';
  const isUnsubscribed = lead.email_status === 'unsubscribed';
  return (
    <ProfileSection title="Conversion Tracking" icon={<BadgeCheck aria-hidden="true" />}>
      <DetailList>
        <DetailItem label="Conversion Status">
          <Pill tone={conversionTones[lead.conversion_status] ?? 'slate'}>
            {humanize(lead.conversion_status)}
          </Pill>
        </DetailItem>
        <DetailItem label="Email Status">
          <Pill tone={emailTones[lead.email_status] ?? 'slate'}>{humanize(lead.email_status)}</Pill>
        </DetailItem>
        {isEnrolled ? (
          <>
            <DetailItem label="Enrollment Date">
              {lead.enrollment_date ? formatDate(lead.enrollment_date) : null}
            </DetailItem>
            <DetailItem label="Payment Amount">
              {lead.payment_amount === null ? null : formatMoney(lead.payment_amount)}
            </DetailItem>
            <DetailItem label="Payment Period">
              {lead.payment_period ? humanize(lead.payment_period) : null}
            </DetailItem>
          </>
        ) : null}
        {isUnsubscribed ? (
          <>
            <DetailItem label="Unsubscribed On">
              {lead.unsubscribed_at ? formatDateTime(lead.unsubscribed_at) : null}
            </DetailItem>
            <DetailItem label="Unsubscribe Reason" isWide>
              {lead.unsubscribe_reason}
            </DetailItem>
          </>
        ) : null}
      </DetailList>
    </ProfileSection>
  );
}
