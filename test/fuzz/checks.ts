import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Operation, Schema } from './operations.js';

/**
 * The responses that are not the JSON envelope, by operationId and status, each with its
 * reason. Everything else the service answers must be `{success:true,…}` or
 * `{success:false, error:string,…}` with a JSON content type. (The /documentation routes are
 * not in the description at all; the OAuth token, revoke and introspect endpoints answer RFC 6749
 * / 7009 / 7662 fields inside the envelope, so they are not listed here.)
 */
export const NON_JSON: Record<
  string,
  { statuses: number[]; kind: 'html' | 'empty' | 'sse' | 'jsonl'; reason: string }[]
> = {
  oauthAuthorize: [
    {
      statuses: [302],
      kind: 'empty',
      reason: 'OAuth authorization endpoint: redirects the browser',
    },
  ],
  oauthLoginPage: [
    { statuses: [200], kind: 'html', reason: 'HTML sign-in page of the browser flow' },
  ],
  oauthLoginSubmit: [
    { statuses: [303], kind: 'empty', reason: 'browser form post: redirects back after sign-in' },
    {
      statuses: [401, 403, 429],
      kind: 'html',
      reason: 'shows the sign-in page again with the error',
    },
  ],
  oauthConsentPage: [
    { statuses: [200], kind: 'html', reason: 'HTML consent page' },
    { statuses: [302], kind: 'empty', reason: 'redirects to sign-in or back to the client' },
  ],
  oauthConsentDecision: [
    { statuses: [303], kind: 'empty', reason: 'redirects the browser back to the client' },
  ],
  oauthGrantsPage: [
    { statuses: [200], kind: 'html', reason: 'HTML page of command-line sessions' },
    { statuses: [302], kind: 'empty', reason: 'redirects a signed-out browser to sign in' },
  ],
  oauthGrantsPageRevoke: [
    { statuses: [303], kind: 'empty', reason: 'form post: redirects back to the page' },
  ],
  getSatelliteConfig: [
    { statuses: [304], kind: 'empty', reason: 'conditional GET (If-None-Match)' },
  ],
  streamClientActivity: [{ statuses: [200], kind: 'sse', reason: 'server-sent event stream' }],
  streamSatelliteMetrics: [{ statuses: [200], kind: 'sse', reason: 'server-sent event stream' }],
  streamSatelliteEventHistory: [
    { statuses: [200], kind: 'sse', reason: 'server-sent event stream' },
  ],
  streamTeamNotifications: [{ statuses: [200], kind: 'sse', reason: 'server-sent event stream' }],
  streamAuditEntries: [{ statuses: [200], kind: 'sse', reason: 'server-sent event stream' }],
  streamTeamAuditEntries: [{ statuses: [200], kind: 'sse', reason: 'server-sent event stream' }],
  exportAuditEntries: [{ statuses: [200], kind: 'jsonl', reason: 'JSON Lines export' }],
  exportTeamAuditEntries: [{ statuses: [200], kind: 'jsonl', reason: 'JSON Lines export' }],
};

/**
 * JSON answers that follow another standard than the envelope, still checked against their
 * documented schemas: the MCP Registry API (`{servers, metadata}`, `{server, _meta}`, errors as
 * `{error}`, as registry clients expect) and RFC 9728 protected resource metadata.
 */
export const OTHER_JSON = new Set([
  'registryListServers',
  'registryListServerVersions',
  'registryGetServerVersion',
  'registryProtectedResourceMetadata',
  // The client ID metadata document Groundstation serves as an upstream OAuth client: the
  // authorization servers that fetch it read its fields at the top level.
  'getUpstreamOAuthClientMetadata',
]);

/**
 * Texts of the runtime's own errors. An answer that holds one passed an internal failure on to
 * the client (the validation route once listed "Maximum call stack size exceeded" as an error
 * in the file).
 */
const INTERNAL_MESSAGES =
  /Maximum call stack size exceeded|out of memory|Cannot read properties of|is not a function|is not iterable/;

export function nonJsonKind(operationId: string, status: number) {
  return NON_JSON[operationId]?.find((entry) => entry.statuses.includes(status))?.kind ?? null;
}

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Checks answers against the description with Ajv (formats on, OpenAPI's `nullable` understood). */
export function createResponseChecker() {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  const compiled = new Map<Schema, ValidateFunction>();
  const validatorFor = (schema: Schema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };

  /** Problems with one answer; an empty list when it keeps every rule. */
  function check(op: Operation, anonymous: boolean, res: Answer): string[] {
    const problems: string[] = [];
    const status = res.statusCode;
    if (status >= 500) problems.push(`answered ${status}`);
    const leaked = INTERNAL_MESSAGES.exec(res.body);
    if (leaked) problems.push(`echoes an internal error: ${leaked[0]}`);
    if (anonymous && status >= 200 && status < 300 && !op.isPublic) {
      problems.push(`answered ${status} to an anonymous caller on a route that is not public`);
    }
    const contentType = String(res.headers['content-type'] ?? '');
    const kind = nonJsonKind(op.id, status);
    if (kind === 'html') {
      if (!contentType.startsWith('text/html')) problems.push(`expected HTML, got ${contentType}`);
      return problems;
    }
    if (kind === 'empty') {
      if (res.body.length > 0) problems.push(`expected no body with ${status}`);
      return problems;
    }
    if (kind === 'sse') {
      if (!contentType.startsWith('text/event-stream'))
        problems.push(`expected SSE, got ${contentType}`);
      return problems;
    }
    if (kind === 'jsonl') {
      if (!contentType.startsWith('application/jsonl'))
        problems.push(`expected JSON Lines, got ${contentType}`);
      for (const line of res.body.split('\n').filter(Boolean)) {
        try {
          JSON.parse(line);
        } catch {
          problems.push('a JSON Lines line is not JSON');
          break;
        }
      }
      return problems;
    }
    if (!contentType.startsWith('application/json')) {
      problems.push(`content type ${contentType || '(none)'} is not JSON`);
    }
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      problems.push('body is not JSON');
      return problems;
    }
    const envelope = body as { success?: unknown; error?: unknown };
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      problems.push('body is not a JSON object');
      return problems;
    }
    const ok = status >= 200 && status < 400;
    if (OTHER_JSON.has(op.id)) {
      if (!ok && typeof envelope.error !== 'string') problems.push('error answer is not {error}');
    } else {
      if (ok && envelope.success !== true) problems.push('success answer without success:true');
      if (!ok && (envelope.success !== false || typeof envelope.error !== 'string')) {
        problems.push('error answer is not {success:false, error:string}');
      }
    }
    const documented = op.responses[String(status)];
    if (!documented) {
      problems.push(`status ${status} is not documented`);
    } else if (documented.schema) {
      const validate = validatorFor(documented.schema);
      if (!validate(body)) {
        problems.push(
          `body does not match the ${status} schema: ${ajv.errorsText(validate.errors)}`,
        );
      }
    }
    return problems;
  }

  return { check };
}
