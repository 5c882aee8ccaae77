import { FullPageSpinner } from '@/components/ui/spinner';
import { useWidgetConfig } from '../api/get-widget-config';
import { EnrollForm } from './enroll-form';
import { PublicPage } from './public-page';

/** Only http(s) scripts; the server's CSP allows the configured one and nothing else. */
function isScriptUrl(url: string): boolean {
  try {
    return ['https:', 'http:'].includes(new URL(url, window.location.origin).protocol);
  } catch {
    return false;
  }
}

/** /enroll: the school's branded enrolment form (and its web analytics, when configured). */
export function EnrollScreen() {
  const { config, isPending } = useWidgetConfig();
  // Drawing the default colours first would flash before the school's; the wait is capped (see the api).
  if (isPending) {
    return (
      <>
        <title>Enroll</title>
        <FullPageSpinner />
      </>
    );
  }
  const analytics = config.analytics;
  return (
    <PublicPage
      config={config}
      heading="Enrollment Inquiry"
      intro="Tell us about your family and we will send you resources chosen for your child's needs."
    >
      <title>{`Enroll · ${config.school_name}`}</title>
      {/* React adds an async script to the head once, however often the page is opened. */}
      {analytics && isScriptUrl(analytics.script_url) && (
        <script async defer src={analytics.script_url} data-domain={analytics.domain ?? undefined} />
      )}
      <EnrollForm schoolName={config.school_name} />
    </PublicPage>
  );
}
