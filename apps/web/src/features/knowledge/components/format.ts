import {
  confidenceColor,
  KNOWLEDGE_CATEGORIES,
  searchMatchColor,
  type KnowledgeCategory,
} from '@lantern/contracts';

const CATEGORY_LABELS: Record<KnowledgeCategory, string> = {
  general: 'General',
  admissions: 'Admissions',
  programs: 'Programs',
  tuition: 'Tuition',
  'special-needs': 'Special Needs',
  policies: 'Policies',
};

export const categoryLabel = (category: string) =>
  (KNOWLEDGE_CATEGORIES as readonly string[]).includes(category)
    ? CATEGORY_LABELS[category as KnowledgeCategory]
    : category === 'manual'
      ? 'Manual'
      : category;

export const CATEGORY_OPTIONS = KNOWLEDGE_CATEGORIES.map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));

export const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

// Dark text on light tints: every pair passes WCAG AA (4.5:1) for small text.
const MATCH_STYLES = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  blue: 'bg-sky-50 text-sky-800 ring-sky-600/30',
  yellow: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  gray: 'bg-slate-100 text-slate-700 ring-slate-500/30',
} as const;
/** Search match colours (spec 2.1): 90% and above green, 80% blue, 70% yellow, else grey. */
export const matchStyle = (similarity: number) => MATCH_STYLES[searchMatchColor(similarity)];

const CONFIDENCE_STYLES = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  yellow: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  red: 'bg-red-50 text-red-800 ring-red-600/30',
} as const;
/** Extraction confidence colours (spec 2.1): 0.8 and above green, 0.6 yellow, else red. */
export const confidenceStyle = (confidence: number) => CONFIDENCE_STYLES[confidenceColor(confidence)];

/** How a chunk's text was obtained, in its own colour: read from an image (vision, OCR), manual, other. */
export function methodStyle(method: string): string {
  if (method === 'vision' || method === 'ocr') return 'bg-violet-50 text-violet-800 ring-violet-600/30';
  if (method === 'manual') return 'bg-amber-50 text-amber-900 ring-amber-600/30';
  return 'bg-slate-100 text-slate-700 ring-slate-500/30';
}

export const METHOD_LABELS: Record<string, string> = {
  pdf: 'PDF',
  docx: 'DOCX',
  text: 'Text',
  markdown: 'Markdown',
  ocr: 'OCR',
  vision: 'AI vision',
  manual: 'Manual',
};
export const methodLabel = (method: string) => METHOD_LABELS[method] ?? method;

export const pillStyles =
  'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';
