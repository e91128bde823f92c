import { NotFoundError } from '../errors.js';
import type { Actor } from './types.js';

/**
 * Whether the caller may act in `teamId` as far as its credential goes: a cookie session and a
 * token bound to no team are limited by membership alone (checked elsewhere); a token bound to a
 * team reaches that team only.
 */
export function tokenReaches(actor: Actor | null, teamId: string): boolean {
  if (actor?.type !== 'user' || actor.tokenTeamId === undefined) return true;
  return actor.tokenTeamId === teamId;
}

/**
 * The team filter of a listing of the caller's own records that may be narrowed to one team
 * (`requested`, from the query). A team-bound token sees its own team's records only, so its
 * team is the filter even when none was asked for; asking for another team is answered like a
 * team route of that team (404), not with an empty page that looks like an answer.
 */
export function teamWithin(actor: Actor | null, requested: string | undefined): string | null {
  if (requested !== undefined && !tokenReaches(actor, requested))
    throw new NotFoundError('Team not found');
  const bound = actor?.type === 'user' ? actor.tokenTeamId : undefined;
  return bound ?? requested ?? null;
}
