import { CircleCheck } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useWidgetConfig } from '../api/get-widget-config';
import type { EnrollSuccessState } from '../enroll-success-state';
import { PublicPage } from './public-page';
import { RecommendedResources } from './recommended-resources';

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-(--enroll-accent) text-sm font-semibold text-(--enroll-accent-text)"
      >
        {number}
      </span>
      <div className="min-w-0 flex-1 pt-0.5">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <div className="mt-1 text-sm text-slate-700">{children}</div>
      </div>
    </li>
  );
}

/** /enroll/success: thanks, the resources to download now, and what the school does next. */
export function ThankYouScreen({ email, schoolName, resources }: EnrollSuccessState) {
  const { config } = useWidgetConfig();
  const headingId = useId();
  const school = schoolName || config.school_name;
  const hasResources = resources.length > 0;
  const steps = [
    hasResources && {
      title: 'Download your resources',
      body: (
        <>
          <p>We picked these for your family based on what you shared.</p>
          <RecommendedResources resources={resources} />
        </>
      ),
    },
    {
      title: 'Check your email',
      body: (
        <p>
          We will send {hasResources ? 'more ' : ''}helpful resources to{' '}
          <strong className="font-semibold break-words text-slate-900">{email}</strong>.
        </p>
      ),
    },
    {
      title: 'Hear from our admissions team',
      body: <p>Someone from {school} will reach out to talk about your child and answer your questions.</p>,
    },
  ].filter((step) => step !== false);

  return (
    <PublicPage
      config={config}
      schoolName={school}
      heading="Thank You!"
      intro={`Thank you for your interest in ${school}. We have received your information.`}
    >
      <title>{`Thank You · ${school}`}</title>
      <section
        aria-labelledby={headingId}
        className="rounded-xl border border-slate-200 bg-white px-4 py-6 shadow-sm sm:px-8 sm:py-8"
      >
        <div className="mb-6 flex items-center gap-3">
          <CircleCheck className="size-7 shrink-0 text-(--enroll-accent-mark)" aria-hidden="true" />
          <h2 id={headingId} className="text-xl font-semibold text-slate-900">
            What Happens Next?
          </h2>
        </div>
        <ol className="space-y-6">
          {steps.map((step, index) => (
            <Step key={step.title} number={index + 1} title={step.title}>
              {step.body}
            </Step>
          ))}
        </ol>
      </section>
    </PublicPage>
  );
}
