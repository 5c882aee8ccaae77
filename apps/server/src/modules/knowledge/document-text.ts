import path from 'node:path';
import { KNOWLEDGE_MESSAGES, type KnowledgeFileType } from '@lantern/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { BadInputError } from '../../http/errors';
import { assertSafeContent, contentChecksFor } from '../../security/upload-checks';
import { htmlBlocks } from './html-blocks';
import { layoutBlocks, plainTextBlocks } from './layout-blocks';
import type { IsWord, LayoutLine } from './layout-tables';
import { pdfDocumentLines, pdfPageLines } from './pdf-lines';
import { englishWordsFromWordNet } from './related-words';
import { markdownBlocks, readableText, type TextBlock } from './text-blocks';

/**
 * What an uploaded file really is (its content, not only its name), and its text as blocks.
 * PDF through unpdf (the pdf.js family; pdfjs-dist itself must never be loaded in this process),
 * DOCX through mammoth, TXT and MD read as text.
 */

/** A file whose content cannot become text, with words staff can act on (the document's failure reason). */
export class DocumentProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentProblem';
  }
}

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Extension -> the file kind and the content types file-type may detect for it ([] = text). */
const KINDS: Record<string, { kind: KnowledgeFileType; detected: string[]; mime: string }> = {
  '.pdf': { kind: 'pdf', detected: ['application/pdf'], mime: 'application/pdf' },
  '.docx': { kind: 'docx', detected: [DOCX_MIME, 'application/zip'], mime: DOCX_MIME },
  '.txt': { kind: 'txt', detected: [], mime: 'text/plain' },
  '.md': { kind: 'md', detected: [], mime: 'text/markdown' },
  '.png': { kind: 'png', detected: ['image/png'], mime: 'image/png' },
  '.jpg': { kind: 'jpg', detected: ['image/jpeg'], mime: 'image/jpeg' },
  '.jpeg': { kind: 'jpg', detected: ['image/jpeg'], mime: 'image/jpeg' },
  '.gif': { kind: 'gif', detected: ['image/gif'], mime: 'image/gif' },
  '.webp': { kind: 'webp', detected: ['image/webp'], mime: 'image/webp' },
};

export const isImageKind = (kind: string) => ['png', 'jpg', 'gif', 'webp'].includes(kind);
export const mimeOfKind = (kind: string) =>
  Object.values(KINDS).find((k) => k.kind === kind)?.mime ?? 'application/octet-stream';

/** Text is UTF-8 (or a single-byte encoding) with no NUL bytes and hardly any control characters. */
function looksLikeText(content: Buffer): boolean {
  const sample = content.subarray(0, 65_536);
  if (sample.includes(0)) return false;
  let control = 0;
  for (const byte of sample) if (byte < 9 || (byte > 13 && byte < 32) || byte === 127) control++;
  return control <= sample.length * 0.01;
}

export function decodeText(content: Buffer): string {
  try {
    return readableText(new TextDecoder('utf-8', { fatal: true }).decode(content));
  } catch {
    return content.toString('latin1'); // Windows-1252 style text; good enough for search
  }
}

/** Checks the name and content agree, are an accepted kind (spec 5's message otherwise) and are safe. */
export async function detectKnowledgeFile(filename: string, content: Buffer): Promise<KnowledgeFileType> {
  const extension = path.extname(filename).toLowerCase();
  const expected = KINDS[extension];
  if (!expected) throw new BadInputError(KNOWLEDGE_MESSAGES.fileType);
  if (content.length === 0) throw new BadInputError(`${filename} is empty: there is nothing to read`);
  const detected = await fileTypeFromBuffer(content);
  // Text has no magic number; file-type guesses from a few bytes ("PAR..." reads as Parquet), so a
  // text file is judged by its bytes, refusing only formats that are surely not text.
  const surelyBinary =
    detected &&
    /^(application\/(pdf|zip|gzip|x-cfb|x-7z|x-rar|x-msdownload|x-elf|x-executable|wasm|vnd\.(openxml|ms-|oasis))|image\/|audio\/|video\/)/.test(
      detected.mime,
    );
  const matches = expected.detected.length
    ? detected !== undefined && expected.detected.includes(detected.mime)
    : !surelyBinary && looksLikeText(content);
  if (!matches)
    throw new BadInputError(
      `${filename} is not really a ${extension.slice(1).toUpperCase()} file (its content does not match its name). ${KNOWLEDGE_MESSAGES.fileType}`,
    );
  // A DOCX (any zip) that would expand beyond reason is refused before it is stored or read.
  await assertSafeContent(
    filename,
    content,
    contentChecksFor(content, detected?.mime, { refusesActivePdf: false }),
  );
  return expected.kind;
}

export type DocumentText = { blocks: TextBlock[]; method: 'pdf' | 'docx' | 'text' | 'markdown' };

export async function extractDocumentText(kind: KnowledgeFileType, content: Buffer): Promise<DocumentText> {
  const result = await extractByKind(kind, content);
  const words = result.blocks.reduce((n, b) => n + b.text.split(/\s+/).length, 0);
  if (result.blocks.length === 0 || words < 1)
    throw new DocumentProblem(
      kind === 'pdf'
        ? 'No text was found in this PDF (it may be scanned images: upload the pages as images to read them by OCR)'
        : 'No text was found in this document',
    );
  return result;
}

async function extractByKind(kind: KnowledgeFileType, content: Buffer): Promise<DocumentText> {
  switch (kind) {
    case 'pdf':
      return { blocks: await pdfBlocks(content), method: 'pdf' };
    case 'docx':
      return { blocks: await docxBlocks(content), method: 'docx' };
    case 'md':
      return { blocks: markdownBlocks(decodeText(content)), method: 'markdown' };
    case 'txt':
      return { blocks: plainTextBlocks(decodeText(content)), method: 'text' };
    default:
      throw new DocumentProblem('Images are read by text extraction, not as documents');
  }
}

let isEnglishWord: IsWord | undefined;
const englishWord = () => (isEnglishWord ??= englishWordsFromWordNet());

async function pdfBlocks(content: Buffer): Promise<TextBlock[]> {
  const { getDocumentProxy } = await import('unpdf');
  const pages: LayoutLine[][] = [];
  try {
    const pdf = await getDocumentProxy(new Uint8Array(content));
    try {
      // A page at a time, letting other requests run in between: read all at once (unpdf's
      // extractText), a 10 MB PDF held the server's thread for 6 to 8 s. Items keep their
      // positions, so table columns and two-column pages are read as laid out.
      for (let n = 1; n <= pdf.numPages; n++) {
        await new Promise((resolve) => setImmediate(resolve));
        const page = await pdf.getPage(n);
        const { items } = await page.getTextContent();
        pages.push(pdfPageLines(items));
        page.cleanup();
      }
    } finally {
      await pdf.destroy();
    }
  } catch (error) {
    const name = (error as Error)?.name ?? '';
    if (name === 'PasswordException')
      throw new DocumentProblem('This PDF is password-protected: remove the password and upload it again');
    throw new DocumentProblem(`This PDF could not be read (the file is damaged or not a valid PDF)`);
  }
  // Sizes are compared over the whole document; running headers and footers are kept once. A word
  // a narrow table cell broke across its lines is joined again by the dictionary.
  return layoutBlocks(pdfDocumentLines(pages), englishWord());
}

async function docxBlocks(content: Buffer): Promise<TextBlock[]> {
  const mammoth = await import('mammoth');
  try {
    // Word's Title style is the document's first heading (mammoth's default map leaves it a paragraph).
    const { value } = await mammoth.convertToHtml(
      { buffer: content },
      { styleMap: ["p[style-name='Title'] => h1:fresh"] },
    );
    return htmlBlocks(readableText(value));
  } catch {
    throw new DocumentProblem('This DOCX could not be read (the file is damaged or not a Word document)');
  }
}
