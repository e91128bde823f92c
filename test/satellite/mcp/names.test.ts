import { describe, expect, it } from 'vitest';
import type { ServerEntry } from '../../../protocol/satellite.js';
import type { Upstream } from '../../../satellite/src/parts.js';
import { assignPrefixes, exposeName, slugify } from '../../../satellite/src/mcp/names.js';

const VALID = /^[a-zA-Z0-9_-]{1,64}$/;

function upstream(key: string, entry: Partial<ServerEntry>): Upstream {
  return {
    key,
    entry: { transport_type: 'stdio', ...entry },
    connect: () => Promise.reject(new Error('not here')),
    tools: async () => [],
    touch: () => {},
    available: true,
  };
}

describe('names', () => {
  it('slugs server names into lowercase prefixes without underscores', () => {
    expect(slugify('GitHub_Tools')).toBe('github-tools');
    expect(slugify('  Notion  ')).toBe('notion');
    expect(slugify('1Password')).toBe('s-1password');
    expect(slugify('ü')).toBe('server');
    const long = slugify('a very long server name that goes on and on');
    expect(long.length).toBeLessThanOrEqual(24);
    expect(long).toMatch(/^a-very-long-serve-[0-9a-f]{6}$/);
  });

  it('gives colliding upstreams distinct prefixes, the same on every call', () => {
    const upstreams = [
      upstream('k2', { server_slug: 'notes' }),
      upstream('k1', { server_slug: 'notes' }),
      upstream('k3', { installation_name: 'My Files' }),
    ];
    const first = assignPrefixes(upstreams).map((member) => [member.upstream.key, member.prefix]);
    expect(first[0]).toEqual(['k1', 'notes']);
    expect(first[1]?.[1]).toMatch(/^notes-[0-9a-f]{4}$/);
    expect(first[2]).toEqual(['k3', 'my-files']);
    const again = assignPrefixes([...upstreams].reverse()).map((m) => [m.upstream.key, m.prefix]);
    expect(again).toEqual(first);
  });

  it('exposes valid names, shortening and cleaning with a hash that keeps them apart', () => {
    expect(exposeName('files', 'read_file')).toBe('files__read_file');
    expect(exposeName(undefined, 'read_file')).toBe('read_file');
    const dotted = exposeName('files', 'get.item');
    const underscored = exposeName('files', 'get_item');
    expect(dotted).toMatch(/^files__get_item_[0-9a-f]{8}$/);
    expect(dotted).not.toBe(underscored);
    const long = exposeName('files', 'x'.repeat(80));
    expect(long).toMatch(VALID);
    expect(long.startsWith('files__')).toBe(true);
    expect(exposeName('files', 'x'.repeat(81))).not.toBe(long);
    expect(exposeName(undefined, '')).toMatch(VALID);
  });
});
