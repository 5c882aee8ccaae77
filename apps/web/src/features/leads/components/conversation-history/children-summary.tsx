import type { Child } from '@lantern/contracts';
import { Baby } from 'lucide-react';
import { useId } from 'react';

/** The lead's children beside the transcript, so staff read the chat with the family in mind. */
export function ChildrenSummary({ items }: { items: Child[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg bg-slate-50 p-3">
      <h3
        id={headingId}
        className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase"
      >
        <Baby className="size-3.5" aria-hidden="true" />
        Children Information
      </h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No children recorded.</p>
      ) : (
        <ul className="mt-2 space-y-2.5">
          {items.map((child) => (
            <li key={child.id} className="text-sm">
              <p className="font-medium text-slate-900">
                {child.name || 'Unnamed child'}
                {child.age === null ? null : (
                  <span className="font-normal text-slate-600">
                    {' '}
                    · {child.age} {child.age === 1 ? 'year' : 'years'}
                  </span>
                )}
              </p>
              <p className="text-xs text-slate-600">
                Needs: {child.special_needs.length > 0 ? child.special_needs.join(', ') : 'None listed'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
