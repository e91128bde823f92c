import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** The Fastify instance a TypeBox route plugin receives, for the functions it registers with. */
export type TypeboxApp = Parameters<FastifyPluginAsyncTypebox>[0];
