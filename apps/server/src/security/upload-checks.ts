import { BadInputError } from '../http/errors';
import { scanPdfActiveContent } from './pdf-active-content';
import { checkZipExpansion, zipLimitsFor } from './zip-expansion';

/**
 * Checks of an uploaded file's whole content, made before it is stored: a PDF that runs
 * something when opened (for files offered to parents), and a zip archive (DOCX and every other
 * zip-based file, whatever its name) that expands far beyond its size.
 */
export type ContentCheck = 'pdf-active-content' | 'zip-expansion';

export const PDF_ACTIVE_CONTENT_MESSAGE =
  'This PDF contains JavaScript or actions that run when it is opened, and cannot be offered to parents. Please export it again without them.';

const ZIP_SIGNATURES = ['PK\x03\x04', 'PK\x05\x06', 'PK\x07\x08'].map((s) => Buffer.from(s, 'latin1'));
const isZip = (head: Buffer) => ZIP_SIGNATURES.some((signature) => head.subarray(0, 4).equals(signature));

/** The checks a file needs, from its first bytes and its detected type (none: store it as it streams). */
export function contentChecksFor(
  head: Buffer,
  detectedMime: string | undefined,
  options: { refusesActivePdf: boolean },
): ContentCheck[] {
  const checks: ContentCheck[] = [];
  if (options.refusesActivePdf && detectedMime === 'application/pdf') checks.push('pdf-active-content');
  if (isZip(head)) checks.push('zip-expansion');
  return checks;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Throws a BadInputError naming the file and what is wrong with it; answers when it is fine. */
export async function assertSafeContent(filename: string, content: Buffer, checks: ContentCheck[]) {
  if (checks.includes('pdf-active-content')) {
    const scan = scanPdfActiveContent(content);
    if (scan.verdict === 'active') throw new BadInputError(`${filename}: ${PDF_ACTIVE_CONTENT_MESSAGE}`);
    if (scan.verdict === 'unreadable')
      throw new BadInputError(
        `${filename}: this PDF could not be checked for JavaScript (${scan.reason}). Please export it again without a password.`,
      );
  }
  if (checks.includes('zip-expansion')) {
    const limits = zipLimitsFor(content.length);
    const zip = await checkZipExpansion(content, limits);
    if (zip.verdict === 'too-large')
      throw new BadInputError(
        `${filename} would expand to more than ${megabytes(limits.maxExpandedBytes)} MB when opened, far more than any ordinary document, so it was refused. Please save it again and upload that copy.`,
      );
    if (zip.verdict === 'too-many-entries')
      throw new BadInputError(
        `${filename} holds more than ${limits.maxEntries} files inside, far more than any ordinary document, so it was refused.`,
      );
    if (zip.verdict === 'unreadable')
      throw new BadInputError(
        `${filename} is damaged and could not be checked (${zip.detail}). Please save it again and upload that copy.`,
      );
  }
}
