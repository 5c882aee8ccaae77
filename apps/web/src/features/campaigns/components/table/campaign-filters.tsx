import { CAMPAIGN_APPROVAL_STATUSES, type CampaignListQuery } from '@lantern/contracts';
import { useId } from 'react';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';

export type CampaignFilter = {
  approval_status: NonNullable<CampaignListQuery['approval_status']>;
  status: NonNullable<CampaignListQuery['status']>;
};

/** 2.6: campaign status all, ready, published, scheduled, sent ('unpublished' reads as ready). */
const CAMPAIGN_STATUS_FILTERS = ['all', 'ready', 'published', 'scheduled', 'sent'] as const;
const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The two filters of 2.6: approval status and campaign status. */
export function CampaignFilters({
  filter,
  onChange,
}: {
  filter: CampaignFilter;
  onChange: (filter: CampaignFilter) => void;
}) {
  const approvalId = useId();
  const statusId = useId();
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="space-y-1">
        <Label htmlFor={approvalId}>Approval status</Label>
        <Select
          id={approvalId}
          value={filter.approval_status}
          onChange={(event) =>
            onChange({ ...filter, approval_status: event.target.value as CampaignFilter['approval_status'] })
          }
          className="w-44"
        >
          {(['all', ...CAMPAIGN_APPROVAL_STATUSES] as const).map((value) => (
            <option key={value} value={value}>
              {label(value)}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1">
        <Label htmlFor={statusId}>Campaign status</Label>
        <Select
          id={statusId}
          value={filter.status}
          onChange={(event) =>
            onChange({ ...filter, status: event.target.value as CampaignFilter['status'] })
          }
          className="w-44"
        >
          {CAMPAIGN_STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>
              {label(value)}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
