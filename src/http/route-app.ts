import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/**
 * The Fastify instance a TypeBox route plugin receives: what a module's registering functions
 * (one per resource, called from its route plugin) take.
 */
export type RouteApp = Parameters<FastifyPluginAsyncTypebox>[0];
