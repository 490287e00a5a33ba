// A small fetch client for the provider's REST API: JSON in and out, bearer token, and failures turned into
// values (status 0 when the request never got an answer) so screens map them to the error catalogue. The answer is
// the one Result (client/ui/result.ts) with the HTTP status on both sides and, on a failure, the body: the failure's
// message is the server's own text (or "Connection failed"), which the api modules turn into the catalogue's words.
import type { Failure } from '../ui/result.ts';

export const CONNECTION_FAILED = 'Connection failed';

export type ApiSuccess<T> = { ok: true; status: number; value: T };
/** `message` is the server's `error` or `error_description` text, or the connection failure text. */
export type ApiFailure = Failure & {
  /** 0 when the server could not be reached. */
  status: number;
  body: unknown;
};
/** A `Result<T, ApiFailure>` (client/ui/result.ts) whose success also says its status. */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

export type RequestOptions = {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Leaves out the bearer header (sign-in, public calls). */
  anonymous?: boolean;
};

export type ApiClient = {
  request<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options?: RequestOptions,
  ): Promise<ApiResult<T>>;
};

/** `{ a: 1, ids: ['x','y'] }` → `a=1&ids=x&ids=y`; array keys are written as given (e.g. `org_ids[]`). */
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function errorTextOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const parts = [record.error, record.error_description, record.message].filter(
      (part): part is string => typeof part === 'string' && part.length > 0,
    );
    // A server may put the same sentence in two fields (`error` and `message`): it is said once.
    if (parts.length > 0) return [...new Set(parts)].join(': ');
  }
  if (typeof body === 'string' && body.length > 0) return body;
  return fallback;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(options: {
  baseUrl: string;
  getToken: () => string | null;
  fetchImpl?: typeof fetch;
}): ApiClient {
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  return {
    async request<T>(method: string, path: string, request: RequestOptions = {}): Promise<ApiResult<T>> {
      const headers: Record<string, string> = { Accept: 'application/json' };
      const token = request.anonymous ? null : options.getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      if (request.body !== undefined) headers['Content-Type'] = 'application/json';
      let response: Response;
      try {
        response = await fetchImpl(`${options.baseUrl}${path}${buildQuery(request.query)}`, {
          method,
          headers,
          body: request.body === undefined ? null : JSON.stringify(request.body),
          signal: request.signal ?? null,
        });
      } catch (error) {
        if (request.signal?.aborted) throw error;
        return { ok: false, status: 0, message: CONNECTION_FAILED, body: null };
      }
      let body: unknown;
      try {
        body = await readBody(response);
      } catch (error) {
        if (request.signal?.aborted) throw error;
        return { ok: false, status: 0, message: CONNECTION_FAILED, body: null };
      }
      if (response.ok) return { ok: true, status: response.status, value: body as T };
      return { ok: false, status: response.status, message: errorTextOf(body, response.statusText), body };
    },
  };
}
