import { z } from 'zod';

/** Every error answer of the API: `{ error }`, with optional details for bad input. */
export const errorSchema = z.object({
  error: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  retryAfter: z.number().int().optional().describe('Seconds until a rate-limited call may be retried'),
});
export type ApiError = z.infer<typeof errorSchema>;

export const successSchema = z.object({ success: z.literal(true) });

// ---- pagination: one contract, two wire shapes ----
// Lists the spec numbers by page (leads, a segment's leads) take `page` and `limit` and answer
// `pagination`; lists it pages by offset (knowledge chunks, text extractions, the outbox) take
// `offset` and `limit` and answer `total` and `hasMore`. Both are built here, once.

/** Page sizes a list allows: the default and the most one page may hold. */
export type PageSize = { size: number; max: number };

/** The query fields of a page-numbered list: `page` from 1, `limit` from 1 to `max`. */
export const pageQueryShape = ({ size, max }: PageSize) => ({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(max).default(size),
});

/** The query fields of an offset-paged list: `offset` from 0, `limit` from 1 to `max`. */
export const offsetQueryShape = ({ size, max }: PageSize) => ({
  limit: z.coerce.number().int().min(1).max(max).default(size),
  offset: z.coerce.number().int().min(0).default(0),
});

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /**
   * Set (true) when `total` is an estimate: a list too large to count at each page (the leads
   * list above a few thousand matches) says "about"; `totalPages` is then at least one more than
   * the current page whenever another page exists.
   */
  totalIsEstimate: z.boolean().optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** Where a page starts in the whole list. */
export const offsetOfPage = (q: { page: number; limit: number }) => (q.page - 1) * q.limit;

/** A page-numbered list's `pagination`: an empty list still has one (empty) page. */
export const pageOf = (q: { page: number; limit: number }, total: number): Pagination => ({
  page: q.page,
  limit: q.limit,
  total,
  totalPages: Math.max(1, Math.ceil(total / q.limit)),
});

/** An offset-paged list's `total` and `hasMore`, from the rows this page holds. */
export const offsetPageOf = (q: { offset: number }, shown: number, total: number) => ({
  total,
  hasMore: q.offset + shown < total,
});
