import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auth } from '../../http/auth/declare.js';
import { userActor } from '../../http/auth/actor.js';
import { done } from '../../http/envelope.js';
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

interface AuthRouteDeps {
  service: AuthService;
  sessions: SessionService;
}

/** Creating an account. */
const registrationRoutes: FastifyPluginAsyncTypebox<AuthRouteDeps> = async (app, { service }) => {
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
      return reply.code(201).send(done('Account created', { user: userView(user) }));
    },
  );
};

/** Signing in and out. */
const signInRoutes: FastifyPluginAsyncTypebox<AuthRouteDeps> = async (
  app,
  { service, sessions },
) => {
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
      return done('Signed in', { user: userView(user) });
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
      const actor = userActor(request);
      if (actor.sessionId) await sessions.end(actor.sessionId, actor.userId);
      // After the session ended (sessions.end runs on its own): a sign-out always happens.
      await service.recordSignOut(actor.userId, request);
      clearSessionCookie(request, reply);
      return done('Signed out');
    },
  );
};

/** Proving the account's email address. */
const emailVerificationRoutes: FastifyPluginAsyncTypebox<AuthRouteDeps> = async (
  app,
  { service },
) => {
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
      return done('Email address verified');
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
      await service.sendVerification(userActor(request).userId);
      return done('Verification email sent');
    },
  );
};

/** Resetting a forgotten password by email. */
const passwordResetRoutes: FastifyPluginAsyncTypebox<AuthRouteDeps> = async (app, { service }) => {
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
      return done('If an account has that address, a reset email is on its way');
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
      return done('Password changed; sign in with the new password');
    },
  );
};

export const authRoutes: FastifyPluginAsyncTypebox<AuthRouteDeps> = async (app, deps) => {
  await registrationRoutes(app, deps);
  await signInRoutes(app, deps);
  await emailVerificationRoutes(app, deps);
  await passwordResetRoutes(app, deps);
};
