import { Navigate, useLocation } from 'react-router';
import { ThankYouScreen } from '@/features/enrollment/components/thank-you-screen';
import { ENROLL_PATH, readEnrollSuccessState } from '@/features/enrollment/enroll-success-state';

/** /enroll/success: only reachable from a sent form; opened any other way it goes back to the form. */
export default function EnrollSuccessRoute() {
  const { state } = useLocation();
  const success = readEnrollSuccessState(state);
  if (!success) return <Navigate to={ENROLL_PATH} replace />;
  return <ThankYouScreen {...success} />;
}
