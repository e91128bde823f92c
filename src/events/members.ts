import { EventError } from './errors.js';
import { instanceKey, type InstallationScope, type InstanceCache } from './scope.js';

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
