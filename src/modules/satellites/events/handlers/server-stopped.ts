import { Type, type Static } from '@sinclair/typebox';
import { parseServerKey } from '../../server-key.js';
import { installationIdOf, sameInstallation, writeProcess } from '../process-ref.js';
import { Data, ProcessId, Text } from '../schemas.js';
import { defineHandler, EventError } from '../types.js';

const StoppedData = Data({
  /** The installation id, or the configuration's map key. */
  server_id: Text,
  /** The map key as the DeployStack satellite names the process; any other name is only kept. */
  server_name: Type.Optional(Text),
  server_slug: Type.Optional(Text),
  team_id: Text,
  user_id: Type.Optional(Text),
  process_id: Type.Optional(ProcessId),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
type Stopped = Static<typeof StoppedData>;

/**
 * The installation and, where the event says, the member whose process stopped. The satellite's
 * registry types this event as `server_id, server_name, team_id, reason`, without `user_id` or
 * `server_slug`, and a map key may stand in any of the three names. Every map key present must
 * name the installation of `server_id` and one and the same member (`user_id` too): a satellite
 * that mixes up two entries must not stop the wrong process.
 */
function stoppedOwner(data: Stopped): { installationId: string; userId?: string } {
  const installationId = installationIdOf(data.server_id);
  let userId = data.user_id;
  for (const text of [data.server_name, data.server_slug, data.server_id]) {
    const key = text === undefined ? null : parseServerKey(text);
    if (!key) continue;
    sameInstallation(text, installationId);
    if (userId !== undefined && userId !== key.userId)
      throw new EventError(`the map key ${text} names user ${key.userId}, not ${userId}`);
    userId = key.userId;
  }
  return { installationId, userId };
}

/**
 * The satellite stopped a process on purpose (`reason`, e.g. uninstall); it has no pid now.
 * When the event names the member (a map key, or `user_id`) or the process record (a string
 * `process_id`), that record says `stopped`. A stop that names neither is still a well-formed
 * report of the real satellite and is accepted: it is recorded for the installation on this
 * satellite (its event history entry, answered with the installation id), and no member's
 * process is marked stopped on a guess.
 *
 * The satellite reports a stop after the fact: on uninstall the installation is already
 * deleted, a member who left the team is no longer one, and `server_id` may hold the instance id.
 * Refusing such a stop would only make the satellite resend it, so it is accepted into the
 * satellite's event history alone, answered with its history id, and changes no record: what it
 * names cannot be resolved to a process of this team (`unresolved`, processor.ts).
 */
export const serverStopped = defineHandler({
  type: 'mcp.server.stopped',
  schema: StoppedData,
  unresolved: 'history',
  installationOf: (data) => ({
    installationId: stoppedOwner(data).installationId,
    teamId: data.team_id,
  }),
  userOf: (data) => stoppedOwner(data).userId,
  plan(data, context, writes) {
    if (typeof data.process_id !== 'string' && !context.userInstance)
      return context.installation.id;
    return writeProcess(context, writes, data.process_id, () => ({ status: 'stopped', pid: null }));
  },
});
