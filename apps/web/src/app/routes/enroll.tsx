import { EnrollScreen } from '@/features/enrollment/components/enroll-screen';

/** /enroll: public, no sign-in and no admin shell. */
export default function EnrollRoute() {
  return <EnrollScreen />;
}
