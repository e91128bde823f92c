// npm run bench:registry — imports 10,000 server.json entries through POST /api/registry/import
// (batches of 500) on PGlite and PostgreSQL, reports entries/s, then times the registry API's and
// the catalogue's list and search routes over the imported catalogue (medians and p99s in ms).
import { ms, printTable, registerAccount, startTarget, targetsToRun, time } from './lib.js';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 10_000);
const BATCH = 500;
const WORDS = [
  'file',
  'data',
  'cloud',
  'git',
  'search',
  'chat',
  'mail',
  'vector',
  'browser',
  'docs',
];
const word = (i: number, salt: number) => WORDS[(i * 7919 + salt * 104729) % WORDS.length]!;

/** A realistic spread of documents: every package type, remotes, arguments and variables. */
function documentFor(i: number) {
  const name = `io.github.bench${i % 97}/${word(i, 1)}-${word(i, 2)}-${i}`;
  const base = {
    $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    name,
    title: `${word(i, 1)} ${word(i, 2)} ${i}`,
    description: `Connects models to ${word(i, 1)} and ${word(i, 3)} services.`,
    version: `1.${i % 10}.0`,
    repository: { url: `https://github.com/bench/${i}`, source: 'github' },
  };
  const env = [
    { name: 'API_TOKEN', isSecret: true, isRequired: true, description: 'Token' },
    { name: 'REGION', default: 'eu', choices: ['eu', 'us'] },
  ];
  switch (i % 5) {
    case 0:
      return {
        ...base,
        packages: [
          {
            registryType: 'npm',
            identifier: `@bench/s${i}`,
            version: base.version,
            transport: { type: 'stdio' },
            environmentVariables: env,
          },
        ],
      };
    case 1:
      return {
        ...base,
        packages: [
          {
            registryType: 'pypi',
            identifier: `bench-s${i}`,
            version: base.version,
            runtimeHint: 'uvx',
            transport: { type: 'stdio' },
            environmentVariables: env,
          },
        ],
      };
    case 2:
      return {
        ...base,
        packages: [
          {
            registryType: 'oci',
            identifier: `ghcr.io/bench/s${i}`,
            version: base.version,
            transport: { type: 'stdio' },
            runtimeArguments: [{ type: 'named', name: '-e', value: 'API_TOKEN' }],
            environmentVariables: env,
          },
        ],
      };
    case 3:
      return {
        ...base,
        packages: [
          {
            registryType: 'nuget',
            identifier: `Bench.S${i}`,
            version: base.version,
            transport: { type: 'stdio' },
            packageArguments: [{ type: 'positional', valueHint: 'workspace', isRequired: true }],
          },
        ],
      };
    default:
      return {
        ...base,
        remotes: [
          {
            type: 'streamable-http',
            url: 'https://{tenant}.bench.example.com/mcp',
            variables: { tenant: { isRequired: true } },
            headers: [{ name: 'Authorization', isSecret: true, isRequired: true }],
          },
        ],
      };
  }
}

async function main() {
  const results: string[][] = [];
  const rates: string[][] = [];
  for (const name of targetsToRun()) {
    // Catalogue reads as the database answers them, not remembered (bench/catalogue.ts).
    const target = await startTarget(name, async () => {}, { CATALOGUE_CACHE_MS: '0' });
    try {
      const cookie = await registerAccount(target.base);
      const headers = { cookie, 'content-type': 'application/json' };
      const batches: string[] = [];
      for (let start = 0; start < ENTRIES; start += BATCH) {
        const docs = [];
        for (let i = start; i < Math.min(ENTRIES, start + BATCH); i++) docs.push(documentFor(i));
        batches.push(JSON.stringify(docs));
      }
      const started = performance.now();
      let created = 0;
      for (const body of batches) {
        const res = await fetch(`${target.base}/api/registry/import`, {
          method: 'POST',
          headers,
          body,
        });
        const answer = (await res.json()) as {
          data?: { result: { created: number; failed: number } };
        };
        if (res.status !== 200 || answer.data!.result.failed > 0)
          throw new Error(`import: ${res.status} ${JSON.stringify(answer).slice(0, 500)}`);
        created += answer.data!.result.created;
      }
      const seconds = (performance.now() - started) / 1000;
      rates.push([name, String(created), seconds.toFixed(2), (created / seconds).toFixed(0)]);
      process.stderr.write(`${name}: imported ${created} entries in ${seconds.toFixed(1)} s\n`);

      const get = async (path: string) => {
        const res = await fetch(`${target.base}${path}`, { headers: { cookie } });
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      };
      // A cursor from the middle of the list, for a deep page.
      let cursor = '';
      {
        const res = await fetch(`${target.base}/v0.1/servers?limit=100&search=bench5`, {
          headers: { cookie },
        });
        cursor =
          ((await res.json()) as { metadata: { nextCursor?: string } }).metadata.nextCursor ?? '';
      }
      const scenarios: Array<[string, (i: number) => string]> = [
        ['registry list, first page (30)', () => '/v0.1/servers'],
        ['registry list, 100 latest', () => '/v0.1/servers?limit=100&version=latest'],
        [
          'registry list, page after a cursor',
          () => `/v0.1/servers?limit=100&cursor=${encodeURIComponent(cursor)}`,
        ],
        [
          'registry search (name substring)',
          (i) => `/v0.1/servers?search=${word(i, 4)}-${word(i, 5)}`,
        ],
        ['registry updated_since', () => '/v0.1/servers?updated_since=2000-01-01T00:00:00Z'],
        [
          'registry one version (latest)',
          (i) =>
            `/v0.1/servers/${encodeURIComponent(documentFor((i * 37) % ENTRIES).name)}/versions/latest`,
        ],
        ['catalogue list, first page', () => '/api/mcp/servers'],
        [
          'catalogue search, two words',
          (i) => `/api/mcp/servers/search?q=${word(i, 6)}%20${word(i, 7)}`,
        ],
      ];
      for (const [label, path] of scenarios) {
        const t = await time((i) => get(path(i)), Number(process.env.BENCH_SAMPLES ?? 200));
        results.push([name, label, ms(t.median), ms(t.p99), String(t.samples)]);
      }
    } finally {
      await target.close();
    }
  }
  printTable(
    `Registry import, ${ENTRIES} server.json entries in batches of ${BATCH}`,
    ['database', 'entries', 'seconds', 'entries/s'],
    rates,
  );
  printTable(
    `Registry and catalogue reads after the import (ms)`,
    ['database', 'request', 'median', 'p99', 'samples'],
    results,
  );
}

await main();
