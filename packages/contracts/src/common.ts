import { z } from 'zod';

/** Every error answer of the API: `{ error }`, with optional details for bad input. */
export const errorSchema = z.object({
  error: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  retryAfter: z.number().int().optional().describe('Seconds until a rate-limited call may be retried'),
});
export type ApiError = z.infer<typeof errorSchema>;

export const successSchema = z.object({ success: z.literal(true) });

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;
