import type { RecommendedResource } from '@lantern/contracts';
import { Download, Mail } from 'lucide-react';
import { useId } from 'react';
import { safeDownloadHref } from '../enroll-success-state';

function ResourceItem({ resource, newTabNoteId }: { resource: RecommendedResource; newTabNoteId: string }) {
  const titleId = useId();
  const href = safeDownloadHref(resource.downloadUrl);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h4 id={titleId} className="font-semibold text-slate-900">
          {resource.title}
        </h4>
        {resource.description && <p className="mt-1 text-sm text-slate-600">{resource.description}</p>}
      </div>
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={`${titleId} ${newTabNoteId}`}
          className="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-lg bg-(--enroll-primary) px-4 text-sm font-semibold text-(--enroll-primary-text) shadow-sm transition-colors hover:bg-(--enroll-primary-hover)"
        >
          <Download className="size-4" aria-hidden="true" />
          Download Now
        </a>
      ) : (
        <span className="inline-flex shrink-0 items-center gap-2 text-sm font-medium text-slate-600">
          <Mail className="size-4" aria-hidden="true" />
          Available in email
        </span>
      )}
    </li>
  );
}

/** The resources the server picked for the family, each downloadable at once or sent by email. */
export function RecommendedResources({ resources }: { resources: RecommendedResource[] }) {
  const newTabNoteId = useId();
  return (
    <>
      <span id={newTabNoteId} hidden>
        Opens in a new tab
      </span>
      <ul className="mt-3 space-y-3">
        {resources.map((resource) => (
          <ResourceItem key={resource.id} resource={resource} newTabNoteId={newTabNoteId} />
        ))}
      </ul>
    </>
  );
}
