import type { FastifyInstance } from 'fastify';
import { ValidationError } from './errors.js';

/**
 * The deepest nesting of arrays and objects a JSON request body may have. No route takes more
 * than a few levels; JSON.parse copes with any depth, but JSON.stringify, structuredClone and
 * other recursive code after it overflow the stack at a few thousand levels, which made a deep
 * free-form field (a satellite's `capabilities`) a 500 when it was stored.
 */
export const MAX_JSON_BODY_DEPTH = 64;

/**
 * Whether JSON text nests deeper than `limit`: one pass, brackets inside strings skipped. Only
 * exact for valid JSON, which is all that matters, since anything else fails to parse anyway.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Fastify's own JSON body parser, behind a depth check made before anything is parsed. */
export function useBoundedJsonParser(app: FastifyInstance): void {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parse = app.getDefaultJsonParser(
    onProtoPoisoning ?? 'error',
    onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string; // parseAs: 'string'
    if (jsonNestsDeeperThan(text, MAX_JSON_BODY_DEPTH)) {
      const message = `body nests arrays and objects more than ${MAX_JSON_BODY_DEPTH} levels deep`;
      done(new ValidationError(message), undefined);
      return;
    }
    parse(request, text, done);
  });
}
