/**
 * A document's text as blocks (headings and paragraphs), the shape chunking and Q&A extraction
 * read. Each parser's output is turned into blocks here: Markdown by its syntax, plain text and
 * PDF text by layout clues (blank lines, short title-like lines, sentence ends).
 */
export type TextBlock =
  { kind: 'heading'; level: number; text: string } | { kind: 'paragraph'; text: string };

const SENTENCE_END = /[.!?:;)"'”’]$/;
const QA_LINE = /^(q|a|question|answer)\s*[:.)]\s*/i;
const LIST_ITEM = /^([-*•▪◦]|\d{1,3}[.)])\s+/;

const clean = (text: string) =>
  text
    .replace(/[\t\u00a0]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

/** A short line that reads like a title: no sentence end, few words, starts with a capital or digit. */
export function looksLikeHeading(line: string): boolean {
  if (line.length < 2 || line.length > 90 || SENTENCE_END.test(line)) return false;
  if (QA_LINE.test(line) || LIST_ITEM.test(line)) return false;
  const words = line.split(/\s+/);
  if (words.length > 12) return false;
  return /^[A-Z0-9]/.test(line) && /[A-Za-z]/.test(line);
}

/** Markdown: '#' headings (and setext underlines), paragraphs between blank lines, list items kept whole. */
export function markdownBlocks(markdown: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const text = clean(paragraph.join(' '));
    if (text) blocks.push({ kind: 'paragraph', text });
    paragraph = [];
  };
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const next = lines[i + 1]?.trim() ?? '';
    const atx = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
    if (atx) {
      flush();
      blocks.push({ kind: 'heading', level: atx[1]!.length, text: clean(atx[2]!.replace(/[*_`]/g, '')) });
    } else if (line && /^(=+|-+)$/.test(next) && paragraph.length === 0) {
      blocks.push({ kind: 'heading', level: next.startsWith('=') ? 1 : 2, text: clean(line) });
      i++;
    } else if (!line || /^(-{3,}|\*{3,}|_{3,})$/.test(line)) {
      flush();
    } else if (LIST_ITEM.test(line) || QA_LINE.test(line)) {
      flush();
      paragraph.push(line.replace(/^[*•▪◦]\s+/, '- '));
    } else {
      paragraph.push(line.replace(/\*\*|__|`/g, ''));
    }
  }
  flush();
  return blocks;
}

/**
 * Plain text or a PDF's lines: blank lines end paragraphs; a title-like line between paragraphs is
 * a heading; in wrapped text (a PDF) a line that ends a sentence and is clearly shorter than the
 * page's lines ends its paragraph.
 */
export function plainTextBlocks(text: string): TextBlock[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map(clean);
  const fullWidth = Math.max(40, ...lines.map((l) => l.length)) * 0.8;
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    // A word wrapped after its hyphen is a compound ("speech-language"): keep the hyphen.
    const joined = clean(paragraph.join(' ').replace(/(\w)- (\w)/g, '$1-$2'));
    if (joined) blocks.push({ kind: 'paragraph', text: joined });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line) {
      flush();
      continue;
    }
    const next = lines[i + 1] ?? '';
    const startsBlock = QA_LINE.test(line) || LIST_ITEM.test(line);
    if (paragraph.length === 0 && looksLikeHeading(line) && (!next || /^[A-Z0-9"“(]/.test(next))) {
      blocks.push({ kind: 'heading', level: line === line.toUpperCase() ? 1 : 2, text: line });
      continue;
    }
    if (startsBlock) flush();
    paragraph.push(line);
    if (SENTENCE_END.test(line) && line.length < fullWidth) flush();
  }
  flush();
  return blocks;
}

/** Headings and paragraphs of mammoth's HTML (h1-h6, p, li; tables' cells as paragraphs). */
export function htmlBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const pattern = /<(h[1-6]|p|li|td|th)\b[^>]*>([\s\S]*?)<\/\1>/gi;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    const tag = match[1]!.toLowerCase();
    const text = clean(decodeEntities(match[2]!.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]+>/g, '')));
    if (!text) continue;
    if (tag.startsWith('h')) blocks.push({ kind: 'heading', level: Number(tag[1]), text });
    else blocks.push({ kind: 'paragraph', text: tag === 'li' ? `- ${text}` : text });
  }
  return blocks;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');
}
