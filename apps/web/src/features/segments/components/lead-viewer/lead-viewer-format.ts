export const formatAge = (age: number | null) => (age === null ? null : `${age} ${age === 1 ? 'yr' : 'yrs'}`);

/** Load errors as the spec names them (8.3): an authentication failure, or any other. */
export function loadErrorMessage(error: unknown): string {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : null;
  const text = error instanceof Error ? error.message : String(error);
  return status === 401 || /401|unauthorized/i.test(text)
    ? 'Authentication error. Please log in again.'
    : 'Failed to load segment leads. Please try again.';
}
