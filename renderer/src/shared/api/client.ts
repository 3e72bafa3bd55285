/**
 * The one way the UI talks to the server: same-origin fetch with the session cookie, JSON in and out, and every
 * failure turned into an ApiError carrying the server's own `{"error": ...}` sentence.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** the answer's parsed JSON, for refusals that carry more than a sentence (a stale save's current text) */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

const ADMIN_KEY = 'marginalia.admin-key';

/** Fired on window when an annotator request is answered 401. */
export const SESSION_ENDED = 'marginalia:session-ended';

/**
 * The admin API key lives in sessionStorage only (gone when the tab closes), is sent as X-API-Key and never put
 * in a URL.
 */
export const adminKey = {
  get: (): string | null => sessionStorage.getItem(ADMIN_KEY),
  set: (key: string) => sessionStorage.setItem(ADMIN_KEY, key),
  clear: () => sessionStorage.removeItem(ADMIN_KEY),
};

async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  admin = false,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // a form (an upload) sets its own multipart content type with its boundary
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  const key = admin ? adminKey.get() : null;
  if (key) headers['x-api-key'] = key;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'The server cannot be reached. Is it still running?');
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // a non-JSON answer (a proxy error page, say) is reported by status below
  }
  if (!response.ok) {
    // a session that ended elsewhere (logout in another tab, expiry): the shell shows the login form again
    if (response.status === 401 && !admin && path !== '/auth' && path !== '/register')
      window.dispatchEvent(new Event(SESSION_ENDED));
    const message = (parsed as { error?: unknown } | undefined)?.error;
    throw new ApiError(
      response.status,
      typeof message === 'string' ? message : `The server answered ${response.status} ${response.statusText}.`,
      parsed,
    );
  }
  return parsed as T;
}

/** An admin download (exports are not JSON): the body as a Blob, or an ApiError with the server's sentence. */
async function adminBlob(path: string): Promise<Blob> {
  const key = adminKey.get();
  let response: Response;
  try {
    response = await fetch(path, { headers: key ? { 'x-api-key': key } : {}, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'The server cannot be reached. Is it still running?');
  }
  if (!response.ok) {
    const message = await response.json().then(
      (b: { error?: unknown }) => b.error,
      () => undefined,
    );
    throw new ApiError(
      response.status,
      typeof message === 'string' ? message : `The server answered ${response.status} ${response.statusText}.`,
    );
  }
  return response.blob();
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
  /** a multipart form: an upload */
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
  adminGet: <T>(path: string) => request<T>('GET', path, undefined, true),
  adminPost: <T>(path: string, body: unknown) => request<T>('POST', path, body, true),
  adminBlob,
};

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
