import type { EncodedBatch, ImportRow } from '../../api/import-batches';
import type { ImportFileReply, ImportFileRequest, ParsedFileSummary } from './import-file.worker';
import { CSV_MESSAGES, LeadCsvProblem } from './lead-csv';

type ReadOptions = { signal?: AbortSignal; onProgress?: (fraction: number) => void };

/** A question to the worker waiting for its answer. */
type Pending = { resolve: (reply: ImportFileReply) => void; reject: (error: Error) => void };

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

const aborted = () => new DOMException('The upload was cancelled', 'AbortError');

/**
 * An uploaded CSV, parsed and kept in a worker (papaparse loads there, never with the page). The
 * page holds the summary and asks the worker for rows or request bodies; `close()` ends it.
 */
export class ImportFile {
  private nextId = 0;
  private waiting = new Map<number, Pending>();

  private constructor(
    private readonly worker: Worker,
    readonly name: string,
    readonly summary: ParsedFileSummary,
    /** The validate calls' bodies: every row kept. */
    readonly validationBatches: EncodedBatch[],
  ) {
    worker.onmessage = ({ data }: MessageEvent<ImportFileReply>) => {
      if (!('id' in data)) return;
      this.waiting.get(data.id)?.resolve(data);
      this.waiting.delete(data.id);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      for (const { reject } of this.waiting.values()) reject(new Error('The file could not be read again'));
      this.waiting.clear();
    };
  }

  /** Parses a file. Rejects with a LeadCsvProblem for a file it cannot use, or an AbortError. */
  static read(file: File, { signal, onProgress }: ReadOptions = {}): Promise<ImportFile> {
    const worker = new Worker(new URL('./import-file.worker.ts', import.meta.url), { type: 'module' });
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => {
        worker.terminate();
        reject(error);
      };
      const abort = () => fail(aborted());
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      const settle = (outcome: () => void) => {
        signal?.removeEventListener('abort', abort);
        outcome();
      };
      worker.onmessage = ({ data }: MessageEvent<ImportFileReply>) => {
        if (data.type === 'progress') onProgress?.(data.fraction);
        else if (data.type === 'parsed')
          settle(() => resolve(new ImportFile(worker, file.name, data.summary, data.batches)));
        else if (data.type === 'failed') settle(() => fail(new LeadCsvProblem(data.message, data.detail)));
      };
      worker.onerror = (event) => {
        event.preventDefault();
        settle(() => fail(new LeadCsvProblem(CSV_MESSAGES.parseFailed)));
      };
      worker.postMessage({ type: 'parse', file } satisfies ImportFileRequest);
    });
  }

  private ask(request: WithoutId<Extract<ImportFileRequest, { id: number }>>): Promise<ImportFileReply> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as ImportFileRequest);
    });
  }

  /** The file's rows on these lines (to show who a duplicate is). */
  async rowsAt(lines: number[]): Promise<ImportRow[]> {
    const reply = await this.ask({ type: 'rows', lines });
    return reply.type === 'rows' ? reply.rows : [];
  }

  /** Request bodies for the rows on these lines, with extra fields (skipDuplicates). */
  async batchesFor(lines: number[], fields: Record<string, unknown>): Promise<EncodedBatch[]> {
    const reply = await this.ask({ type: 'batches', lines, fields });
    return reply.type === 'batches' ? reply.batches : [];
  }

  close() {
    this.worker.terminate();
  }
}
