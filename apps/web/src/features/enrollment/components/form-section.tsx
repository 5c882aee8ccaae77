import { useId, type ReactNode } from 'react';

type FormSectionProps = { number: number; title: string; description?: string; children: ReactNode };

/** One numbered part of the enrolment form, named by its heading. */
export function FormSection({ number, title, description, children }: FormSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="px-4 py-6 sm:px-8 sm:py-8">
      <div className="mb-5 flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-(--enroll-accent) text-sm font-semibold text-(--enroll-accent-text)"
        >
          {number}
        </span>
        <div className="min-w-0 pt-0.5">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
      </div>
      {children}
    </section>
  );
}
