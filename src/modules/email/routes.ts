import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { auth } from '../../http/auth/declare.js';
import { done } from '../../http/envelope.js';
import { ErrorEnvelopeRef, MessageOnly } from '../../http/schemas.js';
import type { Mailer } from './mailer.js';

export const emailRoutes: FastifyPluginAsyncTypebox<{ mailer: Mailer }> = async (
  app,
  { mailer },
) => {
  app.post(
    '/api/admin/email/test',
    {
      config: { auth: auth.user({ permission: 'email.test' }) },
      schema: {
        operationId: 'sendTestEmail',
        summary: 'Send a test email with the current SMTP settings',
        tags: ['Settings'],
        body: Type.Object(
          { to: Type.String({ format: 'email', maxLength: 254 }) },
          { additionalProperties: false },
        ),
        response: {
          200: MessageOnly,
          409: ErrorEnvelopeRef('SMTP is not configured'),
          502: ErrorEnvelopeRef('The SMTP server refused the message or could not be reached'),
        },
      },
    },
    async (request) => {
      await mailer.send({
        to: request.body.to,
        subject: 'Groundstation test email',
        text: 'This is a test email from Groundstation. Your SMTP settings work.\n',
      });
      return done(`Test email sent to ${request.body.to}`);
    },
  );
};
