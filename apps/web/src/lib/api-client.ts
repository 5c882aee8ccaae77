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

/** The ApiError of a failed answer whose body has been parsed as JSON. */
function apiErrorFromBody(status: number, body: Partial<ApiErrorBody> | null): ApiError {
  const serverMessage = typeof body?.error === 'string' && body.error ? body.error : undefined;
  const retryAfter = typeof body?.retryAfter === 'number' ? body.retryAfter : undefined;
  return new ApiError(status, serverMessage ?? `HTTP ${status}`, serverMessage, retryAfter);
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> | null;
  try {
    body = (await response.json()) as Partial<ApiErrorBody> | null;
  } catch {
    return new ApiError(response.status, 'Request failed');
  }
  return apiErrorFromBody(response.status, body);
}

/**
 * An expired or revoked session ends here; the route guard then sends the user to /login. Only
 * when the rejected token is still the current one, so a late answer cannot end a newer session.
 */
function endSessionIfRejected(status: number, token: string | undefined, options: RequestOptions) {
  const isAuthFailure = status === 401 || status === 403;
  if (isAuthFailure && !options.anonymous && token && getSession()?.token === token) clearSession();
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
    endSessionIfRejected(response.status, token, options);
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

/**
 * The file name a Content-Disposition header gives: filename*=UTF-8''… first (RFC 6266), else
 * filename="…"; null when there is none. Path separators are dropped so it is only a name.
 */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name: string | null = null;
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = null;
    }
  }
  if (!name) name = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header)?.[1]?.replace(/\\(.)/g, '$1') ?? null;
  if (!name) name = /filename\s*=\s*([^;\s]+)/.exec(header)?.[1] ?? null;
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

/** A file the server sends with the name it gave it (Content-Disposition), when it gave one. */
async function getNamedFile(
  path: string,
  options: RequestOptions = {},
): Promise<{ file: Blob; filename: string | null }> {
  const response = await send('GET', path, undefined, { accept: '*/*', ...options });
  const filename = dispositionFilename(response.headers.get('Content-Disposition'));
  try {
    return { file: await response.blob(), filename };
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(response.status, 'Network error: the download was interrupted');
  }
}

export type UploadOptions = RequestOptions & {
  /** The share of the request body sent so far, from 0 to 1 (called as the upload goes). */
  onProgress?: (fraction: number) => void;
};

/**
 * Sends a multipart form (files) and reads the JSON answer. Built on XMLHttpRequest because fetch
 * reports no upload progress; token, errors and session expiry are handled as in `send`.
 */
function postForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { signal, onProgress } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    const token = options.anonymous ? undefined : getSession()?.token;
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', options.accept ?? 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);

    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, 'Network error: the server could not be reached'));
    };
    xhr.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException('The upload was cancelled', 'AbortError'));
    };
    xhr.onload = () => {
      settle();
      let body: unknown = undefined;
      let isJson = true;
      try {
        body = xhr.status === 204 || xhr.responseText === '' ? undefined : JSON.parse(xhr.responseText);
      } catch {
        isJson = false;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        if (isJson) resolve(body as T);
        else reject(new ApiError(xhr.status, 'Request failed'));
        return;
      }
      endSessionIfRejected(xhr.status, token, options);
      reject(
        isJson && body !== undefined
          ? apiErrorFromBody(xhr.status, body as Partial<ApiErrorBody> | null)
          : new ApiError(xhr.status, 'Request failed'),
      );
    };
    xhr.send(form);
  });
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
  getNamedFile,
  postForm,
};

/** The server's own explanation when it gave one, else the screen's fallback text from the spec. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
