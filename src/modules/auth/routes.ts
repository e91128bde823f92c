import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auth } from '../../http/auth/declare.js';
import type { UserActor } from '../../http/auth/types.js';
import { ErrorEnvelopeRef, MessageOnly } from '../../http/schemas.js';
import { userView } from '../users/service.js';
import {
  ForgotPasswordBody,
  LoginBody,
  LogoutResponse,
  RegisterBody,
  ResetPasswordBody,
  SessionResponse,
  VerifyEmailQuery,
} from './schemas.js';
import type { AuthService } from './service.js';
import { clearSessionCookie, setSessionCookie, type SessionService } from './sessions.js';

const tags = ['Authentication'];
const tooMany = ErrorEnvelopeRef('Too many attempts; see retry_after and the Retry-After header');

export const authRoutes: FastifyPluginAsyncTypebox<{
  service: AuthService;
  sessions: SessionService;
}> = async (app, { service, sessions }) => {
  app.post(
    '/api/auth/email/register',
    {
      config: { auth: auth.public(), rateLimit: 'registration' },
      schema: {
        operationId: 'register',
        summary: 'Create an account and sign in',
        description: 'The first account becomes global_admin. Sets the auth_session cookie.',
        tags,
        body: RegisterBody,
        response: {
          201: SessionResponse,
          409: ErrorEnvelopeRef('Username or email already in use'),
          403: ErrorEnvelopeRef('Registration is switched off'),
        },
      },
    },
    async (request, reply) => {
      const { user, token } = await service.register(request.body, request);
      setSessionCookie(request, reply, token);
      return reply
        .code(201)
        .send({ success: true, message: 'Account created', data: { user: userView(user) } });
    },
  );

  app.post(
    '/api/auth/email/login',
    {
      config: { auth: auth.public() },
      schema: {
        operationId: 'login',
        summary: 'Sign in with username or email and password',
        description:
          'Sets the auth_session cookie. Unknown accounts and wrong passwords get the same 401.',
        tags,
        body: LoginBody,
        response: {
          200: SessionResponse,
          401: ErrorEnvelopeRef('Invalid login or password'),
          403: ErrorEnvelopeRef('The account is disabled'),
          429: tooMany,
        },
      },
    },
    async (request, reply) => {
      const { user, token } = await service.login(request.body, request);
      setSessionCookie(request, reply, token);
      return { success: true as const, message: 'Signed in', data: { user: userView(user) } };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { auth: auth.user() },
      schema: {
        operationId: 'logout',
        summary: 'End the current session and clear its cookie',
        tags,
        response: { 200: LogoutResponse },
      },
    },
    async (request, reply) => {
      const actor = request.actor as UserActor;
      if (actor.sessionId) await sessions.end(actor.sessionId, actor.userId);
      // After the session ended (sessions.end runs on its own): a sign-out always happens.
      await service.recordSignOut(actor.userId, request);
      clearSessionCookie(request, reply);
      return { success: true as const, message: 'Signed out' };
    },
  );

  app.get(
    '/api/auth/email/verify',
    {
      config: { auth: auth.public(), changes: true },
      schema: {
        operationId: 'verifyEmail',
        summary: 'Confirm an email address with the token sent to it',
        tags,
        querystring: VerifyEmailQuery,
        response: { 200: MessageOnly },
      },
    },
    async (request) => {
      await service.verifyEmail(request.query.token);
      return { success: true as const, message: 'Email address verified' };
    },
  );

  app.post(
    '/api/auth/email/verify/resend',
    {
      config: { auth: auth.user() },
      schema: {
        operationId: 'resendVerificationEmail',
        summary: 'Send a new verification email to the caller',
        tags,
        response: {
          200: MessageOnly,
          409: ErrorEnvelopeRef('Already verified, or SMTP is not configured'),
          502: ErrorEnvelopeRef('The SMTP server refused the message'),
        },
      },
    },
    async (request) => {
      await service.sendVerification((request.actor as UserActor).userId);
      return { success: true as const, message: 'Verification email sent' };
    },
  );

  app.post(
    '/api/auth/password/forgot',
    {
      // It sends email: counted with sign-ups, per address, so it cannot flood an inbox.
      config: { auth: auth.public(), rateLimit: 'registration' },
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'Email a password reset token',
        description: 'Answers the same whether or not the address has an account.',
        tags,
        body: ForgotPasswordBody,
        response: { 200: MessageOnly, 409: ErrorEnvelopeRef('SMTP is not configured') },
      },
    },
    async (request) => {
      await service.requestPasswordReset(request.body.email);
      return {
        success: true as const,
        message: 'If an account has that address, a reset email is on its way',
      };
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      config: { auth: auth.public() },
      schema: {
        operationId: 'resetPassword',
        summary: 'Choose a new password with a reset token',
        description: 'Ends every session of the account.',
        tags,
        body: ResetPasswordBody,
        response: { 200: MessageOnly },
      },
    },
    async (request) => {
      await service.resetPassword(request.body.token, request.body.new_password, request);
      return { success: true as const, message: 'Password changed; sign in with the new password' };
    },
  );
};
