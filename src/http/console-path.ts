import type { FastifyRequest } from 'fastify';

/** Paths that belong to the API or to other pages: they never fall back to the console. */
const NOT_CONSOLE = /^\/(?:api|v0\.1|\.well-known|mcp|documentation|metrics|assets)(?:[/?.]|$)/;

/**
 * Whether a request that matched no route is a browser opening a console page (a deep link):
 * a GET or HEAD for HTML outside the API's paths.
 */
export function wantsConsolePage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (NOT_CONSOLE.test(request.url)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}
