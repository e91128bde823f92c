// The names an MCP client sees at `/mcp`, as the hub gives them (satellite/src/mcp/names.ts): each
// of the member's served installations gets a prefix from its server's slug, unique among them,
// and every tool is `<prefix>__<tool>` (at most 64 characters of [a-zA-Z0-9_-]).
import { sha256Hex } from './sha256';

export const SEPARATOR = '__';
const VALID_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_NAME = 64;
const MAX_PREFIX = 24;

const shortHash = (text: string, length = 6) => sha256Hex(text).slice(0, length);

export function slugify(text: string): string {
  let slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!slug) slug = 'server';
  if (!/^[a-z]/.test(slug)) slug = `s-${slug}`;
  if (slug.length > MAX_PREFIX) {
    slug = `${slug.slice(0, MAX_PREFIX - 7).replace(/-+$/, '')}-${shortHash(text)}`;
  }
  return slug;
}

/** What the hub knows an instance by: `<server slug>-<team slug>-<user id>-<installation id>`. */
export function serverKey(
  serverSlug: string,
  teamSlug: string,
  userId: string,
  installationId: string,
) {
  const part = (text: string) => text.replace(/[^a-zA-Z0-9_.]+/g, '_') || '_';
  return [part(serverSlug), part(teamSlug), userId, installationId].join('-');
}

export interface Served {
  key: string;
  serverSlug: string;
}

/** Prefixes by key: in key order, a slug already taken gets a short hash of the key. */
export function assignPrefixes(served: readonly Served[]): Map<string, string> {
  const sorted = [...served].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const taken = new Set<string>();
  const prefixes = new Map<string, string>();
  for (const { key, serverSlug } of sorted) {
    const base = slugify(serverSlug);
    let prefix = base;
    for (let attempt = 0; taken.has(prefix); attempt += 1) {
      prefix = `${base}-${shortHash(`${key}#${attempt}`, 4)}`;
    }
    taken.add(prefix);
    prefixes.set(key, prefix);
  }
  return prefixes;
}

export function exposeName(prefix: string, name: string): string {
  const plain = `${prefix}${SEPARATOR}${name}`;
  if (VALID_NAME.test(plain)) return plain;
  const cleaned = plain.replace(/[^a-zA-Z0-9_-]/g, '_');
  const suffix = `_${shortHash(plain, 8)}`;
  return `${cleaned.slice(0, MAX_NAME - suffix.length)}${suffix}`;
}

/** The path segment of `/mcp/<installation>`: the installation's name as a slug, else its id. */
export function installationSegment(name: string, id: string): string {
  const plain = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return plain && /^[a-z]/.test(plain) && plain.length <= MAX_PREFIX ? plain : id;
}
