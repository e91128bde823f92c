import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

let styleHashes: string[] | null = null;

/**
 * swagger-ui's bundles render a few constant <style> elements through React (the top bar's logo
 * colours). They are allowed by hash, read from the installed files so that an upgrade keeps
 * working, rather than by 'unsafe-inline'.
 */
function swaggerUiStyleHashes(): string[] {
  if (styleHashes) return styleHashes;
  const root = path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui'));
  const hashes = new Set<string>();
  for (const file of ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js']) {
    const source = readFileSync(path.join(root, 'static', file), 'utf8');
    for (const match of source.matchAll(/createElement\("style",null,("(?:[^"\\]|\\.)*")\)/g)) {
      const css = JSON.parse(match[1]!) as string;
      hashes.add(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    }
  }
  styleHashes = [...hashes];
  return styleHashes;
}

/**
 * The CSP of /documentation: swagger-ui is served entirely from its own static files (no inline
 * script), draws icons from data: URIs, and "Try it out" calls the API at BASE_URL.
 */
export function docsDirectives(baseUrl: string) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", ...swaggerUiStyleHashes()],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", new URL(baseUrl).origin],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}
