import { and, eq } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';
import { mcpServerInstances } from '../../db/schema/index.js';
import { StringEnum } from '../../http/schemas.js';
import { INSTANCE_STATUSES } from '../../modules/installations/schemas.js';
import { Data, Text } from '../schemas.js';
import { servedInstallation } from '../scope.js';
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
  async handle(data, { tx, satellite, installations }) {
    await servedInstallation(tx, satellite, data.installation_id, data.team_id, installations);
    const rows = await tx
      .update(mcpServerInstances)
      .set({
        status: data.status,
        statusMessage: data.status_message ?? null,
        statusUpdatedAt: new Date(data.timestamp),
      })
      .where(
        and(
          eq(mcpServerInstances.installationId, data.installation_id),
          eq(mcpServerInstances.userId, data.user_id),
        ),
      )
      .returning({ id: mcpServerInstances.id });
    if (rows.length === 0)
      throw new EventError(
        `user ${data.user_id} has no instance of installation ${data.installation_id}`,
      );
    return rows[0]!.id;
  },
});
