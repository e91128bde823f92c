import { AppError, ConflictError } from '../../http/errors.js';
import type { SettingsService } from '../settings/service.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

const SMTP_KEYS = [
  'smtp.host',
  'smtp.port',
  'smtp.secure',
  'smtp.username',
  'smtp.password',
  'smtp.from',
] as const;

export class EmailNotConfiguredError extends ConflictError {
  constructor() {
    super('Email is not available: SMTP is not configured', 'SMTP_NOT_CONFIGURED');
  }
}

/** Sends mail through the SMTP server named by the global settings, read at each send. */
export function createMailer(deps: { settings: SettingsService; baseUrl: string }) {
  const defaultFrom = `Groundstation <noreply@${new URL(deps.baseUrl).hostname}>`;

  async function smtp() {
    const v = await deps.settings.values(SMTP_KEYS);
    if (typeof v['smtp.host'] !== 'string' || v['smtp.host'] === '') return null;
    return v;
  }

  return {
    async isConfigured(): Promise<boolean> {
      return (await smtp()) !== null;
    },

    async send(email: OutgoingEmail): Promise<void> {
      const v = await smtp();
      if (!v) throw new EmailNotConfiguredError();
      // Loaded with the first email rather than at every start.
      const { default: nodemailer } = await import('nodemailer');
      const transport = nodemailer.createTransport({
        host: v['smtp.host'] as string,
        port: v['smtp.port'] as number,
        secure: v['smtp.secure'] === true,
        auth: v['smtp.username']
          ? { user: v['smtp.username'] as string, pass: (v['smtp.password'] as string) ?? '' }
          : undefined,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
      try {
        await transport.sendMail({ from: (v['smtp.from'] as string) || defaultFrom, ...email });
      } catch (error) {
        throw new AppError(
          502,
          'EMAIL_DELIVERY_FAILED',
          `The SMTP server did not accept the message: ${(error as Error).message.slice(0, 200)}`,
        );
      } finally {
        transport.close();
      }
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
