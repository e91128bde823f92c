import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The recorded requests of the real DeployStack satellite (test/fixtures/satellite-wire). */
export const FIXTURE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'fixtures',
  'satellite-wire',
);

export interface WireVariant {
  name: string;
  source: string;
  query?: Record<string, string>;
  body: unknown;
}

export interface WireFixture {
  file: string;
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  placeholders: Record<string, string>;
  requests: WireVariant[];
}

/** Every fixture file, by file name. */
export function loadWireFixtures(dir = FIXTURE_DIR): WireFixture[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...JSON.parse(readFileSync(path.join(dir, file), 'utf8')) }));
}

/** The placeholder values, keyed by name without braces (`satellite_id`, `api_key`, …). */
export type WireValues = Record<string, string>;

const PLACEHOLDER = /\{\{([a-z_]+)\}\}/g;

/** Replaces every `{{name}}` in a text; a placeholder without a value is an error of the test. */
export function fillText(text: string, values: WireValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for the placeholder ${whole}`);
    return value;
  });
}

/** Fills placeholders textually in every string and every object key of a JSON value. */
export function fillValue<T>(value: T, values: WireValues): T {
  if (typeof value === 'string') return fillText(value, values) as T;
  if (Array.isArray(value)) return value.map((v) => fillValue(v, values)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [fillText(k, values), fillValue(v, values)]),
    ) as T;
  }
  return value;
}

export interface WireRequest {
  method: string;
  /** Path and query string. */
  url: string;
  headers: Record<string, string>;
  /** The JSON text to send, or undefined for a request without a body. */
  body: string | undefined;
}

/** One variant of a fixture as the satellite sends it, with every placeholder filled. */
export function wireRequest(
  fixture: WireFixture,
  variant: WireVariant,
  values: WireValues,
): WireRequest {
  const query = variant.query
    ? `?${new URLSearchParams(fillValue(variant.query, values)).toString()}`
    : '';
  return {
    method: fixture.method,
    url: fillText(fixture.path, values) + query,
    headers: fillValue(fixture.headers, values),
    body:
      variant.body === null || variant.body === undefined
        ? undefined
        : JSON.stringify(fillValue(variant.body, values)),
  };
}

export interface WireAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or null when the body is not JSON. */
  json: Record<string, unknown> | null;
  text: string;
}

/** Sends a filled request to a listening service with the runtime's own fetch. */
export async function sendWire(origin: string, request: WireRequest): Promise<WireAnswer> {
  const res = await fetch(origin + request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, json, text };
}
