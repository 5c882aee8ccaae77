import type { KnowledgeSearchResult } from '@lantern/contracts';
import { expect } from 'vitest';
import { multipart, type MultipartFile } from '../../test/multipart';
import { bearer, type TestApp } from '../../test/test-app';

/** Calls of the knowledge API for the tests (one place for paths and auth). */
export function knowledgeClient(t: TestApp, token: string) {
  const headers = bearer(token);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

  return {
    call,
    upload(filename: string, content: Buffer | string, fields: Record<string, string> = {}) {
      return this.uploadParts(fields, [{ field: 'document', filename, content }]);
    },
    uploadParts(fields: Record<string, string>, files: MultipartFile[]) {
      const body = multipart(fields, files);
      return t.app.inject({
        method: 'POST',
        url: '/api/knowledge/upload',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    },
    async uploadOk(filename: string, content: Buffer | string, fields: Record<string, string> = {}) {
      const res = await this.upload(filename, content, fields);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as {
        totalChunks: number;
        extractedQAs: number;
        textExtractions: number;
        status: string;
        document: {
          id: string;
          question_answers: { question: string; answer: string }[];
          [k: string]: unknown;
        };
      };
    },
    search: (query: string, extra: Record<string, unknown> = {}) =>
      call('POST', '/api/knowledge/test-search', { query, ...extra }),
    async searchOk(query: string, extra: Record<string, unknown> = {}) {
      const res = await call('POST', '/api/knowledge/test-search', { query, limit: 5, ...extra });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        results: {
          text: string;
          similarity: number;
          document: string | null;
          chunk_id: string;
          category: string;
          terms: KnowledgeSearchResult['terms'];
          highlights: string[];
        }[];
        search_mode: string;
      };
    },
    async chunksOf(documentId: string) {
      const res = await call('GET', `/api/knowledge/chunks?document_id=${documentId}&limit=200`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        chunks: { id: string; chunk_text: string; [k: string]: unknown }[];
        total: number;
      };
    },
  };
}
