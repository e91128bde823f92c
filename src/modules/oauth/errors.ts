import { AppError } from '../../http/errors.js';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'unsupported_token_type'
  // RFC 8707 §2: a resource indicator that is malformed or not the one the grant names.
  | 'invalid_target'
  // RFC 7591 §3.2.2: refused dynamic registrations.
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata';

/**
 * An RFC 6749 §5.2 error. The envelope's `error` is the OAuth code itself, beside
 * `error_description`, so standard OAuth clients and envelope readers both understand it.
 */
export class OAuthError extends AppError {
  constructor(
    readonly oauthCode: OAuthErrorCode,
    description: string,
    status = oauthCode === 'invalid_client' ? 401 : 400,
  ) {
    super(status, `OAUTH_${oauthCode.toUpperCase()}`, oauthCode, {
      error_description: description,
    });
  }

  get description(): string {
    return String(this.extra?.error_description ?? '');
  }
}

/**
 * 429 from the token, revocation and introspection endpoints. RFC 6749 defines no code for it;
 * `temporarily_unavailable` (its "overloaded, try later") is the one OAuth clients already treat
 * as retryable. `code` and `retry_after` are those of every other 429, and the error handler adds
 * the Retry-After header.
 */
export class OAuthRateLimitedError extends AppError {
  constructor(retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', 'temporarily_unavailable', {
      error_description: `Too many requests; try again in ${retryAfterSeconds} seconds`,
      retry_after: retryAfterSeconds,
    });
  }
}
