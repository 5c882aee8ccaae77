import { KnowledgeScreen } from '@/features/knowledge/components/knowledge-screen';

export default function KnowledgeRoute() {
  return (
    <>
      <title>Knowledge Base · Lantern Admin</title>
      <KnowledgeScreen />
    </>
  );
}
