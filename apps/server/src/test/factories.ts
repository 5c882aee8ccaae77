import type { FastifyInstance } from 'fastify';
import { bearer } from './test-app';

let counter = 0;

/** A lead payload for POST /api/leads/import/single, with `children` children. */
export function makeLead(overrides: Record<string, unknown> = {}, children = 1) {
  counter += 1;
  return {
    email: `parent${counter}@example.com`,
    parent_name: `Parent ${counter}`,
    phone: '(555) 010-' + String(1000 + counter).slice(-4),
    timeline: 'Next semester',
    children: Array.from({ length: children }, (_, i) => ({
      name: `Child ${counter}-${i + 1}`,
      age: 6 + i,
      grade: '1st Grade',
      special_needs: ['ADHD'],
      current_support: ['IEP'],
    })),
    ...overrides,
  };
}

export async function createLead(app: FastifyInstance, token: string, payload: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/leads/import/single',
    headers: bearer(token),
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`createLead failed: ${res.statusCode} ${res.body}`);
  return res.json().lead as { id: string; email: string; lead_score: number; [k: string]: unknown };
}
