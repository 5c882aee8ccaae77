import { FileText, Layers, ScanText } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ChunkBrowser } from './chunks/chunk-browser';
import { DocumentsTab } from './documents/documents-tab';
import { ExtractionsTab } from './extractions/extractions-tab';
import { HowItWorks } from './how-it-works';
import { KNOWLEDGE_TABS, type KnowledgeTab } from './tabs';

const isTab = (value: string | null): value is KnowledgeTab =>
  (KNOWLEDGE_TABS as readonly string[]).includes(value ?? '');

/** Knowledge Base Management (spec 2.1): three tabs, the open one kept in ?tab= so it can be bookmarked. */
export function KnowledgeScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: KnowledgeTab = isTab(requested) ? requested : 'documents';

  function openTab(next: string) {
    if (!isTab(next)) return;
    setSearchParams(
      (params) => {
        if (next === 'documents') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  }

  return (
    <>
      <PageHeader
        title="Knowledge Base Management"
        description="The school's own documents the chatbot answers parents from"
      />
      <HowItWorks tab={tab} />
      <Tabs value={tab} onValueChange={openTab}>
        <TabsList aria-label="Knowledge base views">
          <TabsTrigger value="documents">
            <FileText className="size-4" aria-hidden="true" />
            Documents
          </TabsTrigger>
          <TabsTrigger value="extractions">
            <ScanText className="size-4" aria-hidden="true" />
            Text Extractions
          </TabsTrigger>
          <TabsTrigger value="chunks">
            <Layers className="size-4" aria-hidden="true" />
            Chunk Browser
          </TabsTrigger>
        </TabsList>
        <TabsContent value="documents">
          <DocumentsTab />
        </TabsContent>
        <TabsContent value="extractions">
          <ExtractionsTab />
        </TabsContent>
        <TabsContent value="chunks">
          <ChunkBrowser />
        </TabsContent>
      </Tabs>
    </>
  );
}
