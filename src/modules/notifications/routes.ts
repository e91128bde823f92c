import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { auth } from '../../http/auth/declare.js';
import { ok } from '../../http/envelope.js';
import { NotFoundError } from '../../http/errors.js';
import { Success } from '../../http/schemas.js';
import { pagedRouteWithStream } from '../../http/stream/paged-route.js';
import type { StreamSource } from '../../http/stream/source.js';
import type { Clock } from '../../lib/clock.js';
import { TeamParams } from '../teams/schemas.js';
import type { NotificationRepository } from './repository.js';
import {
  Notification,
  NotificationParams,
  NotificationsQuery,
  type NotificationView,
} from './schemas.js';
import { notificationView, type NotificationFilters } from './source.js';
import { streamTopics } from '../../http/stream/signals.js';

/** A team's notifications for its members: a REST page, its live stream, and read marks. */
export const notificationRoutes: FastifyPluginAsyncTypebox<{
  source: StreamSource<NotificationFilters, NotificationView>;
  repository: NotificationRepository;
  clock: Clock;
}> = async (app, { source, repository, clock }) => {
  const member = auth.team();

  pagedRouteWithStream(app, {
    url: '/api/teams/:teamId/notifications',
    auth: member,
    tags: ['Notifications'],
    params: TeamParams,
    querystring: NotificationsQuery,
    list: {
      operationId: 'listTeamNotifications',
      summary: 'The team’s notifications, newest first',
    },
    stream: {
      operationId: 'streamTeamNotifications',
      summary: 'The team’s notifications as they are created (Server-Sent Events)',
      description:
        'Same query as the list; `limit` and `offset` are checked but the stream always starts ' +
        'from the newest notifications.',
    },
    itemsKey: 'notifications',
    item: Notification,
    eventName: 'notification',
    source,
    filters: ({ params, query }) => ({
      teamId: params.teamId,
      since: query.since ?? null,
      unreadOnly: query.unread === true,
    }),
    topics: (filters) => [streamTopics.notifications(filters.teamId)],
  });

  app.post(
    '/api/teams/:teamId/notifications/:notificationId/read',
    {
      config: { auth: member },
      schema: {
        operationId: 'markTeamNotificationRead',
        summary: 'Mark one notification read (for the whole team)',
        tags: ['Notifications'],
        params: NotificationParams,
        response: { 200: Success(Type.Object({ notification: Notification })) },
      },
    },
    async (request) => {
      const row = await repository.markRead(
        request.params.teamId,
        request.params.notificationId,
        clock(),
      );
      if (!row) throw new NotFoundError('Notification not found');
      return ok({ notification: notificationView(row) });
    },
  );

  app.post(
    '/api/teams/:teamId/notifications/read-all',
    {
      config: { auth: member },
      schema: {
        operationId: 'markAllTeamNotificationsRead',
        summary: 'Mark every unread notification of the team read',
        tags: ['Notifications'],
        params: TeamParams,
        response: {
          200: Success(
            Type.Object({ marked: Type.Integer({ minimum: 0, description: 'How many changed' }) }),
          ),
        },
      },
    },
    async (request) => ok({ marked: await repository.markAllRead(request.params.teamId, clock()) }),
  );
};
