import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runNode, sampleProjects } from '../helpers/sample-files.js';

// The check that npm run lint runs (scripts/check-cycles.mjs), on the project and on a sample.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const script = path.join(root, 'scripts', 'check-cycles.mjs');
const run = (...args: string[]) => runNode([script, ...args]);
const sample = sampleProjects('gs-cycles-').write;

describe('import cycles', () => {
  it('finds none in the project', async () => {
    const result = await run();
    expect(result).toMatchObject({ code: 0, out: expect.stringContaining('no import cycles') });
  });

  it('refuses two files that import each other, a type import included', async () => {
    const dir = await sample({
      'src/a.ts': "import type { B } from './b.js';\nexport type A = B | 1;\n",
      'src/b.ts': "import { a } from './c.js';\nexport type B = 2;\nexport const b = a;\n",
      'src/c.ts': "import type { A } from './a.js';\nexport const a: A = 1;\n",
      'src/d.ts': "import { b } from './b.js';\nexport const d = b;\n",
    });
    const result = await run(dir);
    expect(result.code).toBe(1);
    expect(result.out).toContain('import cycle: src/a.ts ↔ src/b.ts ↔ src/c.ts');
    expect(result.out).not.toContain('d.ts');
  });

  it('accepts the same files once the circle is broken', async () => {
    const dir = await sample({
      'src/a.ts': 'export type A = 1;\n',
      'src/b.ts': "import type { A } from './a.js';\nexport const b: A = 1;\n",
    });
    expect((await run(dir)).code).toBe(0);
  });
});
