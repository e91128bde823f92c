import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../../src/modules/upstream-oauth/connections.js';
import { namesResourceMetadata } from '../../../src/modules/upstream-oauth/detection.js';

describe('what counts as an OAuth challenge', () => {
  it('is a Bearer challenge naming resource_metadata (RFC 9728)', () => {
    expect(
      namesResourceMetadata(
        'Bearer error="invalid_token", resource_metadata="https://a.example/.well-known/oauth-protected-resource"',
      ),
    ).toBe(true);
    expect(namesResourceMetadata(['Basic realm="x"', 'bearer resource_metadata="u"'])).toBe(true);
    expect(namesResourceMetadata('Bearer realm="api"')).toBe(false);
    expect(namesResourceMetadata('Basic resource_metadata="u"')).toBe(false);
    expect(namesResourceMetadata(undefined)).toBe(false);
  });
});

describe('where the browser goes after signing in', () => {
  it('is a path of this service, never another origin', () => {
    expect(safeReturnPath('/teams/t1/servers?tab=mine')).toBe('/teams/t1/servers?tab=mine');
    for (const unsafe of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'x', ''])
      expect(safeReturnPath(unsafe)).toBe('/');
    expect(safeReturnPath(undefined)).toBe('/');
  });
});
