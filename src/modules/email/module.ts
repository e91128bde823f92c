import type { FastifyPluginAsync } from 'fastify';
import type { ModuleContext } from '../context.js';
import type { SettingsService } from '../settings/service.js';
import { createMailer } from './mailer.js';
import { emailRoutes } from './routes.js';

export interface EmailModuleDeps extends Pick<ModuleContext, 'baseUrl'> {
  /** The SMTP settings are global settings. */
  settings: SettingsService;
}

/** Outgoing email, sent with the SMTP server the global settings name. */
export function createEmailModule(deps: EmailModuleDeps) {
  const mailer = createMailer({ settings: deps.settings, baseUrl: deps.baseUrl });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(emailRoutes, { mailer });
  };
  return { mailer, routes };
}
