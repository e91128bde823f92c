import { ConfigError, integer, type Env } from '../lib/env.js';

export interface MetricsConfig {
  /**
   * Prometheus metrics: off unless a bearer token (served on the main port) or an internal port
   * is set; with both, the internal listener also wants the token.
   */
  metrics: { token: string | null; port: number | null; host: string };
}

/** METRICS_TOKEN, METRICS_PORT (never the main `mainPort`) and METRICS_HOST. */
export function readMetricsConfig(env: Env, mainPort: number): MetricsConfig {
  const token = env.METRICS_TOKEN || null;
  // The token travels as a bearer token, so it must be one word; short ones are guessable.
  if (token !== null && !/^[\x21-\x7e]{16,512}$/.test(token)) {
    throw new ConfigError(
      'METRICS_TOKEN must be 16 to 512 printable characters without spaces (openssl rand -hex 32)',
    );
  }
  const port = env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0, 0, 65535) : null;
  if (port !== null && port !== 0 && port === mainPort) {
    throw new ConfigError(`METRICS_PORT must differ from PORT (${mainPort})`);
  }
  return { metrics: { token, port, host: env.METRICS_HOST || '127.0.0.1' } };
}
