import { Type, type Static } from '@sinclair/typebox';
import { PaginatedQuery } from '../../http/pagination.js';
import { Nullable, StringEnum, Timestamp } from '../../http/schemas.js';
import { NOTIFICATION_TYPES } from './kinds.js';

export const NotificationsQuery = PaginatedQuery({
  since: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'Only notifications created at or after this time (ISO 8601)',
    }),
  ),
  unread: Type.Optional(Type.Boolean({ description: 'true: only notifications not yet read' })),
});

export const Notification = Type.Object({
  id: Type.String(),
  team_id: Type.String(),
  type: StringEnum(NOTIFICATION_TYPES),
  severity: StringEnum(['info', 'warning', 'error']),
  title: Type.String(),
  message: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown(), {
    description: 'Ids of what the notification is about (installation_id, satellite_id, …)',
  }),
  created_at: Timestamp,
  read_at: Nullable(Timestamp),
});
export type NotificationView = Static<typeof Notification>;

export const NotificationParams = Type.Object({
  teamId: Type.String({ minLength: 1, maxLength: 100 }),
  notificationId: Type.String({ minLength: 1, maxLength: 100 }),
});
