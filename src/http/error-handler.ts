import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { classifyDatabaseError, type DatabaseFault } from '../db/errors.js';
import {
  AppError,
  ConflictError,
  INTERNAL_ERROR_MESSAGE,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './errors.js';

/** A database fault as the client sees it: a race on a unique key is a 409, bad data a 400. */
function fromDatabase(fault: DatabaseFault | null): AppError | null {
  switch (fault?.kind) {
    case 'duplicate':
      return new ConflictError(fault.message, 'DUPLICATE');
    case 'reference':
      return new ConflictError(fault.message, 'REFERENCE_CONFLICT');
    case 'invalid':
      return new ValidationError(fault.message);
    case 'retry':
      return new AppError(409, 'RETRY', fault.message);
    default:
      return null;
  }
}

/** Fastify's own client-side errors, with texts a client can act on. */
function fromFastify(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new PayloadTooLargeError();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new UnsupportedMediaTypeError();
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ValidationError('body must not be empty when Content-Type is application/json');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ValidationError('body is not valid JSON');
    default:
      break;
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new ValidationError('body is not valid JSON');
  }
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(status, error.code ?? 'BAD_REQUEST', error.message);
  }
  return null;
}

export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError?.validation) return new ValidationError(fastifyError.message);
  return fromDatabase(classifyDatabaseError(error)) ?? fromFastify(fastifyError);
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (!appError) {
    // The cause stays in the log; the client learns only that it was not their fault.
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .type('application/json')
      .send({ success: false, error: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL_ERROR' });
  }
  if (appError.statusCode >= 500 && appError.statusCode !== 503) {
    request.log.error({ err: error }, appError.message);
  }
  const retryAfter = appError.extra?.retry_after;
  if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  return reply
    .code(appError.statusCode)
    .type('application/json')
    .send({ success: false, error: appError.message, code: appError.code, ...appError.extra });
}

/**
 * Fastify's router answers a few malformed URLs itself, before any route or hook runs, with a body
 * of its own. These give the envelope instead: a path that is not valid percent-encoding is 400,
 * and a path parameter longer than the router accepts names no record, so it is 404 (as an
 * over-long team id is in the auth hook).
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  // These answers come before any hook runs, so the request id is returned here.
  reply.header('x-request-id', request.id);
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return errorHandler(
        new ValidationError('The URL is not valid: a path segment is not valid percent-encoding'),
        request,
        reply,
      );
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return errorHandler(
        new NotFoundError('Not found: a path parameter is longer than any identifier'),
        request,
        reply,
      );
    default:
      return errorHandler(error, request, reply);
  }
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  const error = new NotFoundError(`Route ${request.method} ${path} not found`);
  return reply
    .code(404)
    .type('application/json')
    .send({ success: false, error: error.message, code: 'ROUTE_NOT_FOUND' });
}
