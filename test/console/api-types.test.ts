/**
 * The console's API types are generated from the committed OpenAPI description: when the API
 * changes (`npm run openapi:export`), `npm run console:types` must follow, so that the console is
 * type-checked against the API it will talk to.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CONSOLE_TYPES, generateConsoleTypes } from '../../scripts/console-types.js';

describe("the console's API types", () => {
  it('are what openapi-typescript makes of openapi/openapi.json', async () => {
    const committed = await readFile(CONSOLE_TYPES, 'utf8');
    expect(committed === (await generateConsoleTypes()), 'run npm run console:types').toBe(true);
  });
});
