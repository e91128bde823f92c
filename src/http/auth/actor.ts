import { UnauthorizedError } from '../errors.js';
import type { Actor, RegistrationActor, SatelliteActor, UserActor } from './types.js';

// The caller of a route, as the type its `config.auth` declares. The auth hook has already
// refused every other caller, so these checks hold; they replace casts, which would not fail
// loudly if a route's declaration and its handler ever disagreed.

interface HasActor {
  actor: Actor | null;
}

/** The signed-in user of a user route (cookie session or bearer token). */
export function userActor(request: HasActor): UserActor {
  const actor = request.actor;
  if (actor?.type !== 'user') throw new UnauthorizedError();
  return actor;
}

/** The satellite of a satellite route (its API key). */
export function satelliteActor(request: HasActor): SatelliteActor {
  const actor = request.actor;
  if (actor?.type !== 'satellite') throw new UnauthorizedError();
  return actor;
}

/** The registration token of the pairing route. */
export function registrationActor(request: HasActor): RegistrationActor {
  const actor = request.actor;
  if (actor?.type !== 'registration') throw new UnauthorizedError();
  return actor;
}

/** The user of a route that also admits anonymous callers, or null. */
export function optionalUserActor(request: HasActor): UserActor | null {
  return request.actor?.type === 'user' ? request.actor : null;
}

/** The caller of a route open to both users and satellites. */
export function userOrSatelliteActor(request: HasActor): UserActor | SatelliteActor {
  const actor = request.actor;
  if (actor?.type !== 'user' && actor?.type !== 'satellite') throw new UnauthorizedError();
  return actor;
}
