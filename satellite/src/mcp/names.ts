// How the aggregated server names things: every upstream gets a prefix, and a tool or prompt of
// it is exposed as `<prefix>__<name>`, a name that clients accept (^[a-zA-Z0-9_-]{1,64}$).
import { createHash } from 'node:crypto';
import type { Upstream } from '../parts.js';

/** One of the user's upstreams with the prefix its names carry. */
export interface Member {
  upstream: Upstream;
  prefix: string;
}

export const SEPARATOR = '__';
const VALID_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_NAME = 64;
// Long enough to say which server it is, short enough to leave the tool's name most of the 64.
const MAX_PREFIX = 24;

export function shortHash(text: string, length = 6): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/**
 * A prefix from a server's slug or name: lowercase letters, digits and single hyphens. It holds
 * no underscore, so the first `__` of an exposed name always ends the prefix, and it starts with
 * a letter, so that `<prefix>+<uri>` (a namespaced resource) is still a valid URI scheme.
 */
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

/**
 * Prefixes for a user's upstreams, unique among them. The order is the map key's, so that every
 * request (the endpoint is stateless) names things alike; of upstreams whose slug collides, the
 * first keeps the plain slug and the others get a short hash of their key appended.
 */
export function assignPrefixes(upstreams: readonly Upstream[]): Member[] {
  const sorted = [...upstreams].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const taken = new Set<string>();
  return sorted.map((upstream) => {
    const { entry } = upstream;
    const base = slugify(entry.server_slug ?? entry.installation_name ?? entry.server_name ?? '');
    let prefix = base;
    for (let attempt = 0; taken.has(prefix); attempt += 1) {
      prefix = `${base}-${shortHash(`${upstream.key}#${attempt}`, 4)}`;
    }
    taken.add(prefix);
    return { upstream, prefix };
  });
}

/**
 * The name a client sees for an upstream's tool or prompt: `<prefix>__<name>`, or the bare name
 * when there is no prefix. A name that would be invalid (characters, length) is cleaned and
 * shortened and gets a hash of the full name, so that two such names stay apart.
 */
export function exposeName(prefix: string | undefined, name: string): string {
  const plain = prefix === undefined ? name : `${prefix}${SEPARATOR}${name}`;
  if (VALID_NAME.test(plain)) return plain;
  const cleaned = plain.replace(/[^a-zA-Z0-9_-]/g, '_');
  const suffix = `_${shortHash(plain, 8)}`;
  return `${cleaned.slice(0, MAX_NAME - suffix.length)}${suffix}`;
}

/** The prefix an exposed name starts with, when it has one (a hint; names are always verified). */
export function prefixOf(exposed: string): string | undefined {
  const at = exposed.indexOf(SEPARATOR);
  return at > 0 ? exposed.slice(0, at) : undefined;
}
