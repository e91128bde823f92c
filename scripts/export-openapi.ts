// Writes the OpenAPI description the app serves to openapi/, for clients and for review in diffs.
// A test fails when the committed files drift from what the app serves: run `npm run openapi:export`.
import { mkdir, writeFile } from 'node:fs/promises';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite } from '../src/db/client.js';
import { renderOpenApi } from '../src/http/openapi-export.js';
import { OPENAPI_EXPORT_ENV } from '../src/http/openapi.js';

const config = loadConfig(OPENAPI_EXPORT_ENV);
const db = await openPglite();
const secret = Buffer.alloc(32);
const app = buildApp({
  config,
  db,
  target: { dialect: 'pglite', url: null, source: 'default' },
  secrets: { SESSION_SECRET: secret, ENCRYPTION_KEY: secret, JWT_SECRET: secret },
});
const { json, yaml } = await renderOpenApi(app);
await mkdir('openapi', { recursive: true });
await writeFile('openapi/openapi.json', json);
await writeFile('openapi/openapi.yaml', yaml);
await app.close();
await db.close();
process.stdout.write('wrote openapi/openapi.json and openapi/openapi.yaml\n');
