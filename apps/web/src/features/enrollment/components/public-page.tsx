import type { WidgetConfig } from '@lantern/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { brandStyle } from '../branding';

function SchoolMark({ schoolName, logoUrl }: { schoolName: string; logoUrl: string | null }) {
  const [hasBrokenLogo, setHasBrokenLogo] = useState(false);
  return (
    <div className="flex items-center gap-3">
      {logoUrl && !hasBrokenLogo && (
        <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-white p-1 shadow-sm">
          {/* The school's name stands beside it, so the logo adds nothing to read aloud. */}
          <img
            src={logoUrl}
            alt=""
            className="max-h-full max-w-full object-contain"
            onError={() => setHasBrokenLogo(true)}
          />
        </span>
      )}
      <p className="text-lg leading-tight font-semibold">{schoolName}</p>
    </div>
  );
}

type PublicPageProps = {
  config: WidgetConfig;
  /** The school name to show; the thank-you page keeps the one the form was sent to. */
  schoolName?: string;
  heading: string;
  intro?: ReactNode;
  children: ReactNode;
};

/** The public pages' frame: the school's header band in its colours, and the content card under it. */
export function PublicPage({
  config,
  schoolName = config.school_name,
  heading,
  intro,
  children,
}: PublicPageProps) {
  const style = useMemo(() => brandStyle(config), [config]);
  return (
    <div style={style} className="min-h-dvh bg-slate-50">
      <header className="bg-linear-135 from-(--enroll-header-from) to-(--enroll-header-to) text-(--enroll-header-text)">
        <div className="mx-auto max-w-3xl px-4 pt-6 pb-16 sm:px-6 sm:pt-8 sm:pb-20">
          <SchoolMark schoolName={schoolName} logoUrl={config.logo_url} />
          <h1 className="mt-8 text-3xl font-bold tracking-tight sm:text-4xl">{heading}</h1>
          {intro && <p className="mt-3 max-w-2xl text-base sm:text-lg">{intro}</p>}
        </div>
      </header>
      <main className="mx-auto -mt-10 max-w-3xl px-4 pb-12 sm:px-6">{children}</main>
    </div>
  );
}
