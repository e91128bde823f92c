// The compiler emits only JavaScript; built-in plugins also need their manifest and migrations
// beside the compiled entry (dist/modules/plugins/built-in/<id>/).
import { cp, readdir } from 'node:fs/promises';
import path from 'node:path';

const from = path.resolve('src/modules/plugins/built-in');
const to = path.resolve('dist/modules/plugins/built-in');
for (const entry of await readdir(from, { withFileTypes: true })) {
  if (!entry.isDirectory()) continue;
  await cp(path.join(from, entry.name), path.join(to, entry.name), {
    recursive: true,
    filter: (source) => !source.endsWith('.ts'),
  });
}
