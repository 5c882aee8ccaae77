import { TemplatesScreen } from '@/features/templates/components/templates-screen';

export default function TemplatesRoute() {
  return (
    <>
      <title>Templates · Lantern Admin</title>
      <TemplatesScreen />
    </>
  );
}
