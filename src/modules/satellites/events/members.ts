import { EventError } from './errors.js';
import type { SatelliteActor } from '../../../http/auth/types.js';
import type { InstallationScope } from './scope-cache.js';
import { instanceKey, memberKey, type InstanceCache, type MemberCache } from './scope.js';

/**
 * The instance of the user an event names, if that user may be named at all: a member of the
 * installation's team with an instance of it. Anything else fails the event, so a satellite
 * cannot put records into the feed of an arbitrary account. `readScope` reads only instances
 * whose user is still a member of the team, so one lookup answers both questions.
 */
export function instanceOfMember(
  instances: InstanceCache,
  installation: InstallationScope,
  userId: string,
): string {
  const instanceId = instances.get(instanceKey(installation.id, userId));
  if (!instanceId)
    throw new EventError(
      `user ${userId} is not a member of team ${installation.teamId} with an instance of installation ${installation.id}`,
    );
  return instanceId;
}

/**
 * The team an event about no installation attributes its user to: the team it names, which
 * must be one this satellite serves (a team satellite serves its own team only; a global one
 * serves every team, so it must name one).
 */
export function servedTeam(satellite: SatelliteActor, claimed: string | undefined): string {
  if (satellite.satelliteType === 'team') {
    if (claimed !== undefined && claimed !== satellite.teamId)
      throw new EventError(`team ${claimed} is not served by this satellite`);
    return satellite.teamId!;
  }
  if (claimed === undefined)
    throw new EventError('team_id is required: a global satellite serves several teams');
  return claimed;
}

/** Refuses a user who is not a member of the team (readScope read the memberships asked for). */
export function checkMember(members: MemberCache, teamId: string, userId: string): void {
  if (!members.has(memberKey(teamId, userId)))
    throw new EventError(`user ${userId} is not a member of team ${teamId}`);
}
