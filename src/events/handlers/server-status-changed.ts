import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../http/schemas.js';
import { INSTANCE_STATUSES } from '../../modules/installations/schemas.js';
import { Data, Text } from '../schemas.js';
import { defineHandler } from '../types.js';

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
  installationOf: (data) => ({ installationId: data.installation_id, teamId: data.team_id }),
  userOf: (data) => data.user_id,
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
