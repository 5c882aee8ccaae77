import type { Lead } from '@lantern/contracts';
import { MailCheck, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useLeadEmailStatus, useResubscribeLead } from '../../api/email-status';
import { humanize } from './format';
import { DetailItem, DetailList, Pill, ProfileSection, type PillTone } from './profile-section';

const tones: Record<string, PillTone> = {
  subscribed: 'green',
  unsubscribed: 'amber',
  bounced: 'red',
  complained: 'red',
};
const sources: Record<string, string> = {
  mailerlite: 'MailerLite',
  'email-events': 'Email provider',
  admin: 'An admin',
  'unsubscribe-link': "The parent, through a campaign email's unsubscribe link",
  campaign: 'The mail server, while sending a campaign',
};

/** The lead's email status as providers reported it, and the Resubscribe action. */
export function EmailStatusSection({ lead }: { lead: Pick<Lead, 'id' | 'email' | 'parent_name'> }) {
  const { data, isError } = useLeadEmailStatus(lead.id);
  const [isAsking, setIsAsking] = useState(false);
  return (
    <ProfileSection title="Email Status" icon={<MailCheck aria-hidden="true" />}>
      {isError ? (
        <p className="text-sm text-slate-600">The email status could not be loaded.</p>
      ) : !data ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : (
        <div className="space-y-4">
          <DetailList>
            <DetailItem label="Status">
              <Pill tone={tones[data.status] ?? 'slate'}>{humanize(data.status)}</Pill>
            </DetailItem>
            <DetailItem label="Changed">
              {data.changed_at ? formatDateTime(data.changed_at) : null}
            </DetailItem>
            <DetailItem label="Reported By">
              {data.source ? (sources[data.source] ?? data.source) : null}
            </DetailItem>
            <DetailItem label="Soft Bounces">{String(data.soft_bounces)}</DetailItem>
            <DetailItem label="Reason" isWide>
              {data.reason}
            </DetailItem>
          </DetailList>
          {data.status !== 'subscribed' && (
            <Button variant="secondary" size="sm" onClick={() => setIsAsking(true)}>
              <RotateCcw className="size-4" aria-hidden="true" />
              Resubscribe
            </Button>
          )}
        </div>
      )}
      {isAsking && data && (
        <ResubscribeDialog
          lead={lead}
          isComplaint={data.status === 'complained'}
          onClose={() => setIsAsking(false)}
        />
      )}
    </ProfileSection>
  );
}

type ResubscribeDialogProps = {
  lead: Pick<Lead, 'id' | 'email' | 'parent_name'>;
  isComplaint: boolean;
  onClose: () => void;
};

/** Asks before resubscribing; after a spam complaint, the admin must also confirm the parent's consent. */
function ResubscribeDialog({ lead, isComplaint, onClose }: ResubscribeDialogProps) {
  const resubscribe = useResubscribeLead();
  const [hasConsent, setHasConsent] = useState(false);
  const confirm = () =>
    resubscribe.mutate(
      { id: lead.id, confirm: true, ...(isComplaint ? { override_complaint: true } : {}) },
      {
        onSuccess: () => {
          notify.success('Lead resubscribed');
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !resubscribe.isPending) onClose();
      }}
      title="Resubscribe Lead"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={resubscribe.isPending}>
            Cancel
          </Button>
          <Button onClick={confirm} isLoading={resubscribe.isPending} disabled={isComplaint && !hasConsent}>
            Resubscribe
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p className="[overflow-wrap:anywhere]">
          Send emails to {lead.parent_name || 'this lead'} ({lead.email}) again?
        </p>
        {isComplaint && (
          <>
            <Alert tone="warning">This parent reported one of our emails as spam.</Alert>
            <CheckboxField
              label="The parent has asked to receive our emails again"
              checked={hasConsent}
              onChange={(e) => setHasConsent(e.target.checked)}
            />
          </>
        )}
        {resubscribe.error && <Alert tone="error">{resubscribe.error.message}</Alert>}
      </div>
    </Dialog>
  );
}
