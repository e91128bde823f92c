import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** The Fastify instance a satellite route plugin registers on, for its registering functions. */
export type RouteApp = Parameters<FastifyPluginAsyncTypebox>[0];
