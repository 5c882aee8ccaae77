import type { ApiError as ApiErrorBody } from '@lantern/contracts';
import { clearSession, getSession } from './session';

/** A failed call. `serverMessage` is set only when the server explained the failure itself. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage?: string,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON body already serialised (a large import, built off the page's thread): sent as it is. */
export class EncodedJson {
  constructor(readonly blob: Blob) {}
}

export type RequestOptions = {
  /** Calls made without a session (login, login hint): no token, and a 401 is an answer, not an expiry. */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** The Accept header; JSON unless a file is asked for. */
  accept?: string;
};

async function toApiError(response: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> | null;
  try {
    body = (await response.json()) as Partial<ApiErrorBody> | null;
  } catch {
    return new ApiError(response.status, 'Request failed');
  }
  const serverMessage = typeof body?.error === 'string' && body.error ? body.error : undefined;
  const retryAfter = typeof body?.retryAfter === 'number' ? body.retryAfter : undefined;
  return new ApiError(response.status, serverMessage ?? `HTTP ${response.status}`, serverMessage, retryAfter);
}

/** Sends one call and returns its successful response; every failure becomes an ApiError. */
async function send(method: Method, path: string, body: unknown, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.anonymous ? undefined : getSession()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof EncodedJson ? body.blob : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, 'Network error: the server could not be reached');
  }

  if (!response.ok) {
    // An expired or revoked session ends here; the route guard then sends the user to /login.
    // Only when the rejected token is still the current one, so a late answer cannot end a newer session.
    const isAuthFailure = response.status === 401 || response.status === 403;
    if (isAuthFailure && !options.anonymous && token && getSession()?.token === token) clearSession();
    throw await toApiError(response);
  }
  return response;
}

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(method, path, body, options);
  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(response.status, 'Request failed');
  }
}

/** A file the server sends (import template, lead export), read whole as a Blob for lib/download. */
async function getFile(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send('GET', path, undefined, { accept: '*/*', ...options });
  try {
    return await response.blob();
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(response.status, 'Network error: the download was interrupted');
  }
}

/** The one client of the Lantern API (same origin). Response types come from @lantern/contracts. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  getFile,
};

/** The server's own explanation when it gave one, else the screen's fallback text from the spec. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
