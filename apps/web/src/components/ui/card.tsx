import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...props} />
  );
}

type CardHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Heading level, so cards nest correctly under the page's h1. */
  as?: 'h2' | 'h3';
  actions?: ReactNode;
  className?: string;
};

export function CardHeader({
  title,
  description,
  icon,
  as: Heading = 'h2',
  actions,
  className,
}: CardHeaderProps) {
  return (
    <div className={cn('flex flex-wrap items-start gap-4 border-b border-slate-100 px-6 py-5', className)}>
      {icon && (
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          {icon}
        </div>
      )}
      <div className="min-w-0 flex-1">
        <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-6 py-5', className)} {...props} />;
}
