import { segmentDisplayName, type Resource } from '@lantern/contracts';
import { ChevronRight, Star, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { countOf } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useResourceActions, type UncopiedLink } from '../hooks/use-resource-actions';
import { CategoryBadge } from './category-badge';
import { ResourceDetails } from './resource-details';
import { ResourceEditForm } from './resource-edit-form';
import { ResourceRowActions } from './resource-row-actions';

function SegmentChips({ segments }: { segments: Resource['assigned_segments'] }) {
  if (segments.length === 0) return <span className="text-xs text-slate-500">No segments</span>;
  // Primary first, as the chatbot offers it first.
  const ordered = [...segments].sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Assigned segments">
      {ordered.map((segment) => (
        <li
          key={segment.id}
          className={cn(
            'inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
            segment.is_primary
              ? 'bg-indigo-50 text-indigo-800 ring-indigo-600/25'
              : 'bg-slate-50 text-slate-700 ring-slate-500/20',
          )}
          title={segment.is_primary ? 'Primary segment' : undefined}
        >
          {segment.is_primary && <Star className="size-3 fill-current" aria-hidden="true" />}
          {segmentDisplayName(segment.name)}
          {segment.is_primary && <span className="sr-only">(primary)</span>}
        </li>
      ))}
    </ul>
  );
}

function ResourceSummary({
  resource,
  titleId,
  isExpanded,
}: {
  resource: Resource;
  titleId: string;
  isExpanded: boolean;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
        <h3 id={titleId} className="text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">
          {resource.title}
        </h3>
        <CategoryBadge category={resource.category} />
        {!resource.is_active && <Badge tone="warning">Inactive</Badge>}
      </div>
      <p
        className={cn('mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]', !isExpanded && 'line-clamp-2')}
      >
        {resource.description}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs font-medium text-slate-600">
        <span>Priority {resource.priority}</span>
        <span aria-hidden="true">·</span>
        <span>{countOf(resource.file_count, 'file', 'files')}</span>
        <span aria-hidden="true">·</span>
        <span>{countOf(resource.download_count, 'download', 'downloads')}</span>
        <span aria-hidden="true">·</span>
        <span>{resource.require_email ? 'Email required' : 'No email required'}</span>
      </p>
      <div className="mt-2.5">
        <SegmentChips segments={resource.assigned_segments} />
      </div>
    </>
  );
}

/** Shown when the browser would not copy the test link: the link, selected, to copy by hand. */
function UncopiedLinkPanel({ link, onDismiss }: { link: UncopiedLink; onDismiss: () => void }) {
  const id = useId();
  return (
    <div
      role="status"
      className="mt-3 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-900"
    >
      <div className="flex items-start justify-between gap-3">
        <label htmlFor={id} className="font-medium">
          The link could not be copied automatically. Copy it from here
          {link.validity ? ` (valid for ${link.validity})` : ''}:
        </label>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss test link"
          className="-m-1 rounded-md p-1 text-indigo-800 hover:bg-indigo-100"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <Input
        id={id}
        readOnly
        autoFocus
        value={link.url}
        onFocus={(event) => event.target.select()}
        className="mt-2 font-mono text-xs"
      />
    </div>
  );
}

type ResourceRowProps = { resource: Resource; onDelete: (resource: Resource) => void };

/** One resource: summary or inline edit form, its actions, and its details when expanded. */
export function ResourceRow({ resource, onDelete }: ResourceRowProps) {
  const titleId = useId();
  const detailsId = useId();
  const [isExpanded, setIsExpanded] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const actions = useResourceActions(resource);

  function stopEditing() {
    setIsEditing(false);
    editButtonRef.current?.focus();
  }

  return (
    <article aria-labelledby={titleId} className="px-4 py-4 sm:px-6" data-testid="resource-row">
      <div className="flex items-start gap-2 sm:gap-3">
        <button
          type="button"
          onClick={() => setIsExpanded((open) => !open)}
          aria-expanded={isExpanded}
          aria-controls={isExpanded ? detailsId : undefined}
          aria-label={`Details for ${resource.title}`}
          title={isExpanded ? 'Hide details' : 'Show details'}
          className="-ml-1 inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <ChevronRight
            className={cn('size-4 transition-transform', isExpanded && 'rotate-90')}
            aria-hidden="true"
          />
        </button>
        <div className="min-w-0 flex-1">
          {isEditing ? (
            <>
              <h3 id={titleId} className="sr-only">
                {resource.title}
              </h3>
              <ResourceEditForm
                resource={resource}
                onCancel={stopEditing}
                onSaved={(saved) => {
                  stopEditing();
                  notify.success(`Resource "${saved.title}" updated`);
                }}
              />
            </>
          ) : (
            <ResourceSummary resource={resource} titleId={titleId} isExpanded={isExpanded} />
          )}
        </div>
        <ResourceRowActions
          resource={resource}
          busyAction={actions.busy}
          isEditing={isEditing}
          editButtonRef={editButtonRef}
          onToggleActive={actions.toggleActive}
          onEdit={() => (isEditing ? stopEditing() : setIsEditing(true))}
          onTestLink={actions.copyTestLink}
          onDelete={() => onDelete(resource)}
        />
      </div>
      {actions.uncopiedLink && (
        <div className="sm:pl-11">
          <UncopiedLinkPanel link={actions.uncopiedLink} onDismiss={actions.dismissUncopiedLink} />
        </div>
      )}
      {isExpanded && (
        <div className="sm:pl-11">
          <ResourceDetails id={detailsId} resource={resource} />
        </div>
      )}
    </article>
  );
}

export function ResourceRowSkeleton() {
  return (
    <div aria-hidden="true" className="flex items-start gap-3 px-4 py-4 sm:px-6">
      <Skeleton className="size-8 rounded-lg" />
      <div className="flex-1 space-y-2.5">
        <div className="flex gap-2">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-5 w-20 rounded-full" />
        </div>
        <Skeleton className="h-4 w-full max-w-xl" />
        <Skeleton className="h-3 w-64" />
        <div className="flex gap-1.5">
          <Skeleton className="h-5 w-24 rounded-md" />
          <Skeleton className="h-5 w-20 rounded-md" />
        </div>
      </div>
      <div className="hidden gap-1 sm:flex">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="size-9 rounded-lg" />
        ))}
      </div>
    </div>
  );
}
