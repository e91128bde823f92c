// npm run bench:catalogue — seeds 10,000 servers in 20 categories and times the catalogue's read
// routes over HTTP on PGlite and PostgreSQL. Prints medians and p99s in milliseconds. List and
// search answers are not remembered here (CATALOGUE_CACHE_MS=0): the figures are those of the
// database read, which every first read after a catalogue change pays.
import { sql } from 'drizzle-orm';
import { mcpCategories, mcpServers } from '../src/db/schema/index.js';
import { normalizeConfigSchema } from '../src/modules/catalogue/service.js';
import type { Database } from '../src/db/client.js';
import { ms, printTable, registerAccount, startTarget, targetsToRun, time } from './lib.js';

const SERVERS = Number(process.env.BENCH_SERVERS ?? 10_000);
const CATEGORIES = 20;
const WORDS = [
  'file',
  'data',
  'cloud',
  'git',
  'search',
  'chat',
  'mail',
  'calendar',
  'vector',
  'image',
  'browser',
  'docs',
  'sql',
  'queue',
  'metrics',
  'logs',
  'deploy',
  'secret',
  'ticket',
  'map',
];
const LANGUAGES = ['TypeScript', 'Python', 'Go', 'Rust', 'Java'];
const TRANSPORTS = ['stdio', 'http', 'sse'];

function pick<T>(list: T[], i: number, salt: number): T {
  return list[(i * 7919 + salt * 104729) % list.length]!;
}

async function seed(db: Database) {
  const orm = db.orm;
  const categories = Array.from({ length: CATEGORIES }, (_, i) => ({
    id: `cat_bench${String(i).padStart(19, '0')}`,
    name: `Category ${i}`,
    slug: `category-${i}`,
    sortOrder: i,
  }));
  await orm.insert(mcpCategories).values(categories);
  const schema = normalizeConfigSchema(undefined);
  for (let start = 0; start < SERVERS; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(SERVERS, start + 500); i++) {
      const a = pick(WORDS, i, 1);
      const b = pick(WORDS, i, 2);
      const name = `${a} ${b} server ${i}`;
      const description = `Connects models to ${a} and ${b} services; handles ${pick(WORDS, i, 3)} workflows.`;
      const tags = [a, b, pick(WORDS, i, 4)];
      const transport = pick(TRANSPORTS, i, 5);
      rows.push({
        id: `srv_bench${String(i).padStart(19, '0')}`,
        name,
        slug: `bench-server-${i}`,
        description,
        categoryId: categories[i % CATEGORIES]!.id,
        tags,
        repoStars: (i * 7919) % 50_000,
        language: pick(LANGUAGES, i, 6),
        transport,
        command: transport === 'stdio' ? 'npx' : null,
        url: transport === 'stdio' ? null : `https://mcp.example.com/${i}`,
        configSchema: schema,
        featured: i % 50 === 0,
        createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
        searchVector: sql`setweight(to_tsvector('english', ${name}), 'A') || setweight(to_tsvector('english', ${tags.join(' ')}), 'B') || setweight(to_tsvector('english', ${description}), 'C')`,
      });
    }
    await orm.insert(mcpServers).values(rows);
  }
}

async function main() {
  const results: string[][] = [];
  for (const name of targetsToRun()) {
    const seeded = performance.now();
    const target = await startTarget(name, seed, { CATALOGUE_CACHE_MS: '0' });
    process.stderr.write(
      `${name}: seeded ${SERVERS} servers and started in ${((performance.now() - seeded) / 1000).toFixed(1)} s\n`,
    );
    try {
      const cookie = await registerAccount(target.base);
      const headers = { cookie };
      const get = async (path: string) => {
        const res = await fetch(`${target.base}${path}`, { headers });
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      };
      const scenarios: Array<[string, (i: number) => string]> = [
        ['list, first page (sort by name)', () => '/api/mcp/servers'],
        ['list, deep offset 9,000', () => `/api/mcp/servers?offset=${Math.max(0, SERVERS - 1000)}`],
        ['list, sort by repo_stars', () => '/api/mcp/servers?sort_by=repo_stars'],
        ['list, sort by created_at', () => '/api/mcp/servers?sort_by=created_at'],
        [
          'list, category + transport filter',
          (i) =>
            `/api/mcp/servers?category_id=cat_bench${String(i % CATEGORIES).padStart(19, '0')}&transport=stdio`,
        ],
        [
          'search, two words',
          (i) => `/api/mcp/servers/search?q=${pick(WORDS, i, 7)}%20${pick(WORDS, i, 8)}`,
        ],
        ['search, one prefix', (i) => `/api/mcp/servers/search?q=${pick(WORDS, i, 9).slice(0, 3)}`],
        [
          'get by id',
          (i) => `/api/mcp/servers/srv_bench${String((i * 37) % SERVERS).padStart(19, '0')}`,
        ],
        ['get by slug', (i) => `/api/mcp/servers/bench-server-${(i * 37) % SERVERS}`],
      ];
      for (const [label, path] of scenarios) {
        const t = await time((i) => get(path(i)));
        results.push([name, label, ms(t.median), ms(t.p99), String(t.samples)]);
      }
    } finally {
      await target.close();
    }
  }
  printTable(
    `Catalogue over HTTP, ${SERVERS} servers in ${CATEGORIES} categories (ms)`,
    ['database', 'request', 'median', 'p99', 'samples'],
    results,
  );
}

await main();
