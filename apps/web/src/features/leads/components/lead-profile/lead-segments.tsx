import { segmentDisplayName, type Lead } from '@lantern/contracts';
import { Tags } from 'lucide-react';
import { formatDate } from '@/lib/format';
import { Pill, ProfileSection } from './profile-section';

type SegmentRow = { name: string; isManual: boolean | null; assignedAt: string | null };

/** Memberships with their details; tags without one (older data) are still listed by name. */
function segmentRows(lead: Lead): SegmentRow[] {
  const rows: SegmentRow[] = lead.segments.map((segment) => ({
    name: segment.name,
    isManual: segment.manually_assigned,
    assignedAt: segment.assigned_at,
  }));
  for (const tag of lead.segment_tags) {
    if (!rows.some((row) => row.name === tag)) rows.push({ name: tag, isManual: null, assignedAt: null });
  }
  return rows;
}

/** Shown only when the lead belongs to at least one segment. */
export function LeadSegments({ lead }: { lead: Lead }) {
  const rows = segmentRows(lead);
  if (rows.length === 0) return null;
  return (
    <ProfileSection title="Lead Segments" icon={<Tags aria-hidden="true" />}>
      <ul className="divide-y divide-slate-100">
        {rows.map((row) => (
          <li
            key={row.name}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 first:pt-0 last:pb-0"
          >
            <span className="font-medium text-slate-900">{segmentDisplayName(row.name)}</span>
            {row.isManual === null ? null : (
              <Pill tone={row.isManual ? 'indigo' : 'slate'}>{row.isManual ? 'Manual' : 'Auto'}</Pill>
            )}
            {row.assignedAt ? (
              <span className="ml-auto text-xs text-slate-600">Assigned {formatDate(row.assignedAt)}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </ProfileSection>
  );
}
