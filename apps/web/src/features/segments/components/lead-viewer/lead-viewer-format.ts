/** Added dates as a short, unambiguous date (e.g. 22 Nov 2026 or Nov 22, 2026 by locale). */
const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

export const formatAge = (age: number | null) => (age === null ? null : `${age} ${age === 1 ? 'yr' : 'yrs'}`);

/** '1 lead', '3 leads'. */
export const leadCount = (count: number) => `${count} ${count === 1 ? 'lead' : 'leads'}`;

/** Load errors as the spec names them (8.3): an authentication failure, or any other. */
export function loadErrorMessage(error: unknown): string {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : null;
  const text = error instanceof Error ? error.message : String(error);
  return status === 401 || /401|unauthorized/i.test(text)
    ? 'Authentication error. Please log in again.'
    : 'Failed to load segment leads. Please try again.';
}
