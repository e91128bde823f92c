import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../http/schemas.js';
import { INSTANCE_STATUSES } from '../../modules/installations/schemas.js';
import { Data, Text } from '../schemas.js';
import { instanceKey } from '../scope.js';
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
  installationOf: (data) => ({ installationId: data.installation_id, teamId: data.team_id }),
  instanceOf: (data) => ({ installationId: data.installation_id, userId: data.user_id }),
  plan(data, { index, installation, instances }, writes) {
    const instanceId = instances.get(instanceKey(installation.id, data.user_id));
    if (!instanceId)
      throw new EventError(
        `user ${data.user_id} has no instance of installation ${data.installation_id}`,
      );
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
