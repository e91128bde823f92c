import { Type, type TSchema } from '@sinclair/typebox';
import type { Logger } from 'pino';
import { auth } from '../../http/auth/declare.js';
import type { AuthDeclaration } from '../../http/auth/types.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../http/errors.js';
import { PaginatedData, PaginatedQuery, pageOf, paginationOf } from '../../http/pagination.js';
import { Nullable, Timestamp } from '../../http/schemas.js';
import { newId } from '../../lib/ids.js';
import type { PluginDatabase } from './database.js';
import type { PluginManifest } from './manifest.js';

/** What a plugin route handler sees of a request: never the server behind it. */
export interface PluginRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** The signed-in user, on routes that require one. */
  user: { id: string; globalRole: string } | null;
}

export interface PluginRouteOptions {
  operationId: string;
  summary: string;
  description?: string;
  auth: AuthDeclaration;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** Schema of the `data` the handler returns; the success envelope is added around it. */
  response: TSchema;
  /** Success status; 200 unless given (201 for a creation, 204 for no content). */
  status?: 200 | 201 | 204;
}

export type PluginHandler = (request: PluginRequest) => Promise<unknown>;

export interface PluginRoutes {
  get(path: string, options: PluginRouteOptions, handler: PluginHandler): void;
  post(path: string, options: PluginRouteOptions, handler: PluginHandler): void;
  put(path: string, options: PluginRouteOptions, handler: PluginHandler): void;
  patch(path: string, options: PluginRouteOptions, handler: PluginHandler): void;
  delete(path: string, options: PluginRouteOptions, handler: PluginHandler): void;
}

/** The core helpers a plugin builds its routes with, so they look and behave like core routes. */
export const pluginToolkit = {
  /** Auth declarations, enforced before validation as on core routes. */
  auth: { public: auth.public, user: auth.user, team: auth.team },
  Type,
  Nullable,
  Timestamp,
  PaginatedQuery,
  PaginatedData,
  pageOf,
  paginationOf,
  errors: { ConflictError, ForbiddenError, NotFoundError, ValidationError },
  newId,
};

/** Everything a plugin gets; the Fastify instance is deliberately not part of it. */
export interface PluginContext {
  manifest: PluginManifest;
  routes: PluginRoutes;
  db: PluginDatabase;
  logger: Logger;
  toolkit: typeof pluginToolkit;
}

/** The default export of a plugin's entry module. */
export interface PluginEntry {
  register(context: PluginContext): void | Promise<void>;
}
