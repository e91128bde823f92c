import type { FastifyPluginAsync } from 'fastify';
import type { ModuleContext } from '../context.js';
import { createNotificationRepository } from './repository.js';
import { notificationRoutes } from './routes.js';
import { createNotificationSource } from './source.js';

export type NotificationsModuleDeps = Pick<ModuleContext, 'db' | 'clock'>;

/** Teams' notifications, listed, streamed and marked read. */
export function createNotificationsModule(deps: NotificationsModuleDeps) {
  const source = createNotificationSource(deps.db.orm);
  const repository = createNotificationRepository(deps.db.orm);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(notificationRoutes, { source, repository, clock: deps.clock });
  };
  return { routes };
}
