import {
  formatFileSize,
  RESOURCE_STATS_DEFAULT_DAYS,
  segmentDisplayName,
  type Resource,
} from '@lantern/contracts';
import { FileText, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { fileKind } from './format';
import { ResourceStatsPanel } from './resource-stats-panel';

function DetailSection({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className}>
      <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      {children}
    </section>
  );
}

/** The expanded row: its files, its segments and its downloads over the last 30 days. */
export function ResourceDetails({ id, resource }: { id: string; resource: Resource }) {
  return (
    <div
      id={id}
      className="mt-4 grid gap-5 rounded-lg border border-slate-200 bg-slate-50/70 p-4 md:grid-cols-2 xl:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)]"
    >
      <DetailSection title={`Files (${resource.files.length})`}>
        {resource.files.length === 0 ? (
          <p className="text-sm text-slate-600">No files</p>
        ) : (
          <ul className="space-y-2">
            {resource.files.map((file) => (
              <li key={file.id} className="flex min-w-0 items-start gap-2.5">
                <FileText className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900" title={file.filename}>
                    {file.filename}
                  </p>
                  <p className="text-xs text-slate-600" title={file.file_type}>
                    {fileKind(file)} · {formatFileSize(file.size)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
      <DetailSection title="Assigned segments">
        {resource.assigned_segments.length === 0 ? (
          <p className="text-sm text-slate-600">Not assigned to any segment</p>
        ) : (
          <ul className="space-y-1.5">
            {resource.assigned_segments.map((segment) => (
              <li key={segment.id} className="flex items-center gap-2 text-sm text-slate-900">
                <span className="min-w-0 [overflow-wrap:anywhere]">{segmentDisplayName(segment.name)}</span>
                {segment.is_primary && (
                  <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-600/20 ring-inset">
                    <Star className="size-3 fill-current" aria-hidden="true" />
                    Primary
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
      <DetailSection
        title={`Last ${RESOURCE_STATS_DEFAULT_DAYS} days`}
        className="md:col-span-2 xl:col-span-1"
      >
        <ResourceStatsPanel resourceId={resource.id} />
      </DetailSection>
    </div>
  );
}
