import { Lightbulb } from 'lucide-react';
import type { KnowledgeTab } from './tabs';

// The documents tab's four steps are the spec's (2.1); the other tabs' texts are ours.
const STEPS: Record<KnowledgeTab, string[]> = {
  documents: [
    'Upload PDF, DOCX, TXT, MD or image files (PNG, JPG, GIF, WebP), up to 10 MB each.',
    'Text in images is read by AI vision text extraction (or OCR) and waits for your review.',
    'Smart chunking splits the text into chunks of about 600 tokens along headings, paragraphs and sentences.',
    'The chatbot uses this knowledge to answer parents, searching it the same way Test Knowledge Search does.',
  ],
  extractions: [
    'Each uploaded image yields a text extraction with its method and a confidence figure.',
    'Low confidence (red or yellow) means the text was hard to read: check it against the image.',
    'Review a pending extraction, correct its text, then approve or reject it.',
    'Approved text becomes chunks the chatbot can use; rejected text is kept out of the knowledge base.',
  ],
  chunks: [
    'Every piece of text the chatbot can answer from is a chunk, listed here document by document.',
    'Search the chunk content or pick a document to narrow the list; select a chunk to see it whole.',
    'Edit a chunk to correct or update what the chatbot says; its search terms follow the new text.',
    'Add a chunk for a fact no document holds; with a document chosen, it is attached to that document.',
  ],
};

/** 'How It Works': the steps behind the open tab. */
export function HowItWorks({ tab }: { tab: KnowledgeTab }) {
  return (
    <section
      aria-labelledby="how-it-works-title"
      className="mb-6 rounded-xl border border-indigo-100 bg-indigo-50/70 px-5 py-4"
    >
      <h2 id="how-it-works-title" className="flex items-center gap-2 text-sm font-semibold text-indigo-900">
        <Lightbulb className="size-4" aria-hidden="true" />
        How It Works
      </h2>
      <ol className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS[tab].map((step, index) => (
          <li key={step} className="flex gap-3 text-sm text-slate-700">
            <span
              aria-hidden="true"
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-white text-xs font-semibold text-indigo-700 ring-1 ring-indigo-200"
            >
              {index + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
