import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

type ProfileSectionProps = {
  title: string;
  icon: ReactNode;
  className?: string;
  children: ReactNode;
};

/** One titled block of the lead profile (view and edit modes share the look). */
export function ProfileSection({ title, icon, className, children }: ProfileSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('min-w-0 rounded-xl border border-slate-200 bg-white', className)}
    >
      <div className="flex items-center gap-2.5 border-b border-slate-100 px-4 py-3">
        <span className="flex size-7 items-center justify-center rounded-md bg-indigo-50 text-indigo-600 [&_svg]:size-4">
          {icon}
        </span>
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
      </div>
      <div className="p-3 sm:p-4">{children}</div>
    </section>
  );
}

export function DetailList({ className, children }: { className?: string; children: ReactNode }) {
  return <dl className={cn('grid gap-x-6 gap-y-4 sm:grid-cols-2', className)}>{children}</dl>;
}

type DetailItemProps = {
  label: string;
  /** Spans both columns (long values). */
  isWide?: boolean;
  children?: ReactNode;
};

/** A label and its value; an empty value reads 'Not provided'. */
export function DetailItem({ label, isWide, children }: DetailItemProps) {
  const isEmpty = children === null || children === undefined || children === '';
  return (
    <div className={cn('min-w-0', isWide && 'sm:col-span-2')}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900">
        {isEmpty ? <span className="text-slate-500">Not provided</span> : children}
      </dd>
    </div>
  );
}

const pillTones = {
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  blue: 'bg-blue-50 text-blue-800 ring-blue-600/20',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/20',
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  indigo: 'bg-indigo-50 text-indigo-800 ring-indigo-600/20',
} as const;

export type PillTone = keyof typeof pillTones;

/** A small coloured label for a status or tag. */
export function Pill({ tone = 'slate', children }: { tone?: PillTone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        pillTones[tone],
      )}
    >
      {children}
    </span>
  );
}
