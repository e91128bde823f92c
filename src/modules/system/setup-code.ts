import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import { ForbiddenError, TooManyRequestsError } from '../../http/errors.js';
import type { RateLimiter } from '../rate-limits/limiter.js';
import { addressKey } from '../rate-limits/address.js';

/** No 0/O or 1/I/L: the code is read off a log and typed in by hand. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 12 characters of 31: about 59 bits, far beyond guessing at the rate below. */
const LENGTH = 12;
/** Wrong or missing codes per client address per window before the address gets 429. */
export const SETUP_CODE_FAILURES = { limit: 10, windowSeconds: 900 };

export const SETUP_CODE_HEADER = 'x-setup-code';

function generate(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** Case, spaces and dashes do not matter, as they would not to someone copying the code. */
const digest = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest();

export interface SetupCodeDeps {
  limiter: RateLimiter;
  logger: Logger;
}

/**
 * The one-time code that the first-run set-up route asks of callers who are not signed in, so
 * that reaching a fresh service is not enough to point it at a database. It lives in this
 * process only (first-run set-up is for the embedded database, which has one process) and is
 * written to the log, which only the operator reads.
 */
export function createSetupCode(deps: SetupCodeDeps) {
  let pending: Buffer | null = null;

  /** Creates the code and logs it, unless one is already waiting to be used. */
  function issue() {
    if (pending) return;
    const code = generate();
    pending = digest(code);
    deps.logger.warn(
      `First-run set-up code: ${code} (POST /api/db/setup needs it, as the ${SETUP_CODE_HEADER} ` +
        'header or the setup_code field, until the database is set up; see docs/operators.md)',
    );
  }

  return {
    issue,

    /** Set-up has run: the code is spent. */
    clear() {
      pending = null;
    },

    /**
     * 403 for a wrong or missing code, compared in constant time; 429 once an address has sent
     * too many wrong ones, whatever it sends next.
     */
    async check(given: string | undefined, ip: string) {
      const key = `setup-code:address:${addressKey(ip)}`;
      const { count, retryAfter } = await deps.limiter.peek(key, SETUP_CODE_FAILURES);
      if (count >= SETUP_CODE_FAILURES.limit) throw new TooManyRequestsError(retryAfter);
      if (pending && given !== undefined && timingSafeEqual(digest(given), pending)) return;
      // A code may have been spent or never made (accounts existed at start): make one, so the
      // operator finds it in the log, and refuse this request either way.
      if (!pending) issue();
      const hit = await deps.limiter.hit(key, SETUP_CODE_FAILURES);
      if (hit.count > SETUP_CODE_FAILURES.limit) throw new TooManyRequestsError(hit.retryAfter);
      throw new ForbiddenError(
        given === undefined
          ? `First-run set-up needs the set-up code from the service's log (${SETUP_CODE_HEADER} header or setup_code field)`
          : 'The set-up code is not valid',
      );
    },
  };
}

export type SetupCode = ReturnType<typeof createSetupCode>;
