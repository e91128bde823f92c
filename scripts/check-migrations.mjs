// Fails when src/db/schema has changes that no committed migration captures.
// It runs drizzle-kit's generator; any file it would add means a migration is missing.
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const list = (dir) => readdirSync(dir, { recursive: true }).map(String).sort();
const before = new Set(list('migrations'));
execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'schema_drift_check'], {
  stdio: 'ignore',
});
const added = list('migrations').filter((f) => !before.has(f));
if (added.length > 0) {
  for (const file of added) rmSync(path.join('migrations', file), { force: true });
  execFileSync('git', ['checkout', '--', 'migrations/meta'], { stdio: 'ignore' });
  process.stderr.write(
    `The schema in src/db/schema differs from the committed migrations (${added.join(', ')}).\n` +
      'Run `npm run db:generate -- --name <what_changed>` and commit the new migration.\n',
  );
  process.exit(1);
}
process.stdout.write('migrations match the schema\n');
