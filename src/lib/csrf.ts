import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens for HTML forms, bound to the session and to what the form is about, so a token taken
 * from one form or one session cannot be replayed elsewhere. Nothing is stored.
 */
export function createCsrf(secret: Buffer) {
  const sign = (sessionId: string, purpose: string, subject: string) =>
    createHmac('sha256', secret).update(`${purpose}\n${sessionId}\n${subject}`).digest('base64url');
  return {
    token: sign,
    verify(token: unknown, sessionId: string, purpose: string, subject: string): boolean {
      if (typeof token !== 'string') return false;
      const expected = Buffer.from(sign(sessionId, purpose, subject));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type Csrf = ReturnType<typeof createCsrf>;
