import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../../../http/schemas.js';
import { INSTANCE_STATUSES } from '../../../installations/schemas.js';
import { installationIdOf } from '../process-ref.js';
import { Data, Text } from '../schemas.js';
import { defineHandler, EventError } from '../types.js';

export const serverStatusChanged = defineHandler({
  type: 'mcp.server.status_changed',
  schema: Data({
    installation_id: Text,
    team_id: Text,
    user_id: Text,
    status: StringEnum(INSTANCE_STATUSES),
    timestamp: Type.String({ format: 'date-time' }),
    status_message: Type.Optional(Type.String({ maxLength: 2000 })),
  }),
  installationOf: (data) => ({
    installationId: installationIdOf(data.installation_id),
    teamId: data.team_id,
  }),
  userOf(data) {
    // The DeployStack satellite says "unknown" when its entry had no user_id. A status belongs to
    // one member's instance, and setting every member's would spread one member's failure (an
    // expired credential) to all, so the event fails alone (docs/satellites.md).
    if (data.user_id === 'unknown')
      throw new EventError(
        'user_id is "unknown": the status cannot be given to a member’s instance',
      );
    return data.user_id;
  },
  plan(data, { index, installation, userInstance }, writes) {
    // Set whenever a handler names a user (userOf): checked before planning.
    const instanceId = userInstance!;
    writes.setInstanceStatus({
      index,
      instanceId,
      installation,
      status: data.status,
      message: data.status_message ?? null,
      at: new Date(data.timestamp),
      required: true,
    });
    return instanceId;
  },
});
