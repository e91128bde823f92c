import createClient from 'openapi-fetch';
import type { paths } from './schema';

/**
 * The API, typed from the service's own OpenAPI description (schema.d.ts is generated from
 * openapi/openapi.json by `npm run console:types`; a test keeps the two in step). Same origin,
 * so the session cookie goes along and the CSRF check sees our Origin.
 */
export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });

/** An error as the API stated it: its words, its code and the HTTP status. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly retryAfter: number | undefined,
  ) {
    super(message);
  }
}

interface Envelope {
  error?: unknown;
  error_description?: unknown;
  code?: unknown;
  retry_after?: unknown;
}

function errorOf(body: unknown, response: Response): ApiError {
  const envelope: Envelope = typeof body === 'object' && body !== null ? body : {};
  const text =
    typeof envelope.error_description === 'string'
      ? envelope.error_description
      : typeof envelope.error === 'string'
        ? envelope.error
        : `${response.status} ${response.statusText || 'request failed'}`;
  return new ApiError(
    text,
    response.status,
    typeof envelope.code === 'string' ? envelope.code : undefined,
    typeof envelope.retry_after === 'number' ? envelope.retry_after : undefined,
  );
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The payload of a success envelope (`data`), or an ApiError with the API's own words. */
export async function unwrap<T extends { data: unknown }>(
  call: Promise<Answer<T>>,
): Promise<T['data']> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw errorOf(error, response);
  return data.data;
}

/** For answers that carry only a message (or nothing): throws the API's error, else resolves. */
export async function expectOk(call: Promise<Answer<unknown>>): Promise<void> {
  const { error, response } = await call;
  if (!response.ok) throw errorOf(error, response);
}

/** The message of any thrown value, as a person should read it. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
