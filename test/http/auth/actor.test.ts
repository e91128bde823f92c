import { describe, expect, it } from 'vitest';
import {
  optionalUserActor,
  registrationActor,
  satelliteActor,
  userActor,
  userOrSatelliteActor,
} from '../../../src/http/auth/actor.js';
import type { Actor } from '../../../src/http/auth/types.js';
import { AppError } from '../../../src/http/errors.js';
import { done, ok, okFields } from '../../../src/http/envelope.js';

const user: Actor = {
  type: 'user',
  userId: 'u1',
  globalRole: 'global_user',
  via: 'cookie',
  scopes: [],
};
const satellite: Actor = {
  type: 'satellite',
  satelliteId: 's1',
  teamId: null,
  satelliteType: 'global',
  disabled: false,
};
const registration: Actor = { type: 'registration', tokenId: 't1', scope: 'global', teamId: null };

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.statusCode : 'not an AppError';
  }
  return 'no error';
};

describe('the caller of a route', () => {
  it('is the actor of the declared type', () => {
    expect(userActor({ actor: user })).toBe(user);
    expect(satelliteActor({ actor: satellite })).toBe(satellite);
    expect(registrationActor({ actor: registration })).toBe(registration);
    expect(userOrSatelliteActor({ actor: satellite })).toBe(satellite);
    expect(optionalUserActor({ actor: user })).toBe(user);
    expect(optionalUserActor({ actor: null })).toBeNull();
    expect(optionalUserActor({ actor: satellite })).toBeNull();
  });

  it('is refused with a 401 when a route declaration and its handler disagree', () => {
    expect(refusal(() => userActor({ actor: satellite }))).toBe(401);
    expect(refusal(() => userActor({ actor: null }))).toBe(401);
    expect(refusal(() => satelliteActor({ actor: user }))).toBe(401);
    expect(refusal(() => registrationActor({ actor: user }))).toBe(401);
    expect(refusal(() => userOrSatelliteActor({ actor: registration }))).toBe(401);
  });
});

describe('success envelopes', () => {
  it('carry success: true with a payload, a message, or fields', () => {
    expect(ok({ n: 1 })).toEqual({ success: true, data: { n: 1 } });
    expect(done('Saved')).toEqual({ success: true, message: 'Saved' });
    expect(done('Saved', { n: 1 })).toEqual({ success: true, message: 'Saved', data: { n: 1 } });
    expect(okFields({ access_token: 'x' })).toEqual({ success: true, access_token: 'x' });
  });
});
