// Holds an uploaded CSV off the page's thread: parsing 50,000 rows, and turning them into request
// bodies, would otherwise freeze the screen. The page asks for what it needs by message.
import { encodeBatches, type EncodedBatch } from '../../api/import-batches';
import { CSV_MESSAGES, LeadCsvProblem, type LeadCsv } from './lead-csv';
import { decodeCsv, parseLeadCsv } from './parse-lead-csv';

export type ImportFileRequest =
  | { type: 'parse'; file: File }
  | { type: 'rows'; id: number; lines: number[] }
  | { type: 'batches'; id: number; lines: number[]; fields: Record<string, unknown> };

export type ParsedFileSummary = Omit<LeadCsv, 'rows'> & { rowCount: number };

export type ImportFileReply =
  | { type: 'progress'; fraction: number }
  | { type: 'parsed'; summary: ParsedFileSummary; batches: EncodedBatch[] }
  | { type: 'failed'; message: string; detail?: string }
  | { type: 'rows'; id: number; rows: LeadCsv['rows'] }
  | { type: 'batches'; id: number; batches: EncodedBatch[] };

const worker = self as unknown as {
  onmessage: ((event: MessageEvent<ImportFileRequest>) => void) | null;
  postMessage: (message: ImportFileReply) => void;
};

let csv: LeadCsv | null = null;

const rowsAt = (lines: number[]) => {
  const wanted = new Set(lines);
  return (csv?.rows ?? []).filter((row) => wanted.has(row.lineNumber));
};

async function parse(file: File) {
  try {
    const text = decodeCsv(new Uint8Array(await file.arrayBuffer()));
    // Reading the file is the first tenth of the work shown.
    worker.postMessage({ type: 'progress', fraction: 0.1 });
    csv = parseLeadCsv(text, (fraction) =>
      worker.postMessage({ type: 'progress', fraction: 0.1 + 0.85 * fraction }),
    );
    const { rows, ...rest } = csv;
    const batches = encodeBatches(rows);
    worker.postMessage({ type: 'parsed', summary: { ...rest, rowCount: rows.length }, batches });
  } catch (error) {
    const problem = error instanceof LeadCsvProblem ? error : new LeadCsvProblem(CSV_MESSAGES.parseFailed);
    worker.postMessage({ type: 'failed', message: problem.message, detail: problem.detail });
  }
}

worker.onmessage = ({ data: request }) => {
  if (request.type === 'parse') void parse(request.file);
  else if (request.type === 'rows')
    worker.postMessage({ type: 'rows', id: request.id, rows: rowsAt(request.lines) });
  else {
    const batches = encodeBatches(rowsAt(request.lines), request.fields);
    worker.postMessage({ type: 'batches', id: request.id, batches });
  }
};
