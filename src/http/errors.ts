/**
 * The error catalogue. Services throw these; the one error handler turns them into the error
 * envelope `{success:false, error, code}`. Codes are stable and safe for clients to branch on.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Extra envelope fields a client needs (e.g. OAuth's error_description). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class ValidationError extends AppError {
  constructor(message: string) {
    super(400, 'VALIDATION_FAILED', message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication is required') {
    super(401, 'AUTHENTICATION_REQUIRED', message);
  }
}

/**
 * A refused satellite registration token. `error` is exactly the code the DeployStack satellite
 * explains to its operator; the words are in `error_description` (docs/satellites.md, Pairing).
 */
export type RegistrationRefusal =
  | 'registration_token_required'
  | 'invalid_registration_token'
  | 'token_expired'
  | 'token_already_used'
  | 'token_invalid_scope';

export class RegistrationTokenError extends AppError {
  constructor(
    readonly refusal: RegistrationRefusal,
    description: string,
  ) {
    super(401, 'AUTHENTICATION_REQUIRED', refusal, { error_description: description });
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super(403, 'FORBIDDEN', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, 'NOT_FOUND', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT') {
    super(409, code, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'Request body is too large') {
    super(413, 'PAYLOAD_TOO_LARGE', message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Unsupported content type; send application/json') {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(retryAfterSeconds: number, message = 'Too many requests; try again later') {
    super(429, 'RATE_LIMITED', message, {
      retry_after: retryAfterSeconds,
    });
  }
}

/** A caller holds as many open streams as allowed; closing one frees a place. */
export class TooManyStreamsError extends AppError {
  constructor(message: string) {
    super(429, 'TOO_MANY_STREAMS', message);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message = 'Service unavailable') {
    super(503, 'SERVICE_UNAVAILABLE', message);
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
