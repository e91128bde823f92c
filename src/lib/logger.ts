import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config.js';

/** Paths that may carry credentials; pino replaces them before a line is written. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.current_password',
  '*.new_password',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.api_key',
  '*.secret',
  '*.database_url',
  // Credentials a caller or a satellite sends, should a line ever carry headers or a body.
  '*.headers.authorization',
  '*.headers.cookie',
  '*.authorization',
  '*.cookie',
  '*.apiKey',
  '*.client_secret',
  '*.code_verifier',
  'password',
  'token',
  'authorization',
  'cookie',
];

export function createLogger(level: LogLevel, stream?: DestinationStream): Logger {
  return pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    stream ?? pino.destination({ sync: false }),
  );
}
