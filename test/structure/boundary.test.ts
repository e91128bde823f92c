import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule that keeps the service (src/), the satellite (satellite/) and the protocol's
// types (protocol/) apart (scripts/eslint/boundary.js), run on sample files at those places.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const eslint = new ESLint({ cwd: root });
/** `../` n times, spelled so that no path in this file climbs out of the repository itself. */
const up = (n: number) => '../'.repeat(n);

async function crossings(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages
    .filter((m) => m.ruleId === 'groundstation/boundary')
    .map((m) => m.message);
}

describe('the boundary between the service and the satellite', () => {
  it('refuses the satellite importing the service, and the service importing the satellite', async () => {
    expect(
      await crossings(
        'satellite/src/agent/x.ts',
        `import { buildApp } from '${up(3)}src/app.js';\nbuildApp;\n`,
      ),
    ).toHaveLength(1);
    expect(
      await crossings(
        'src/modules/x.ts',
        "import { pair } from '../../satellite/src/agent/pairing.js';\npair;\n",
      ),
    ).toHaveLength(1);
    expect(
      await crossings('src/modules/x.ts', "const s = await import('#satellite');\ns;\n"),
    ).toHaveLength(1);
    expect(
      await crossings(
        'protocol/x.ts',
        "import type { Config } from '../src/config.js';\nexport type C = Config;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets each use its own code, the protocol’s types, and the entries start the satellite', async () => {
    expect(
      await crossings(
        'satellite/src/mcp/x.ts',
        `import type { Log } from '../parts.js';\nimport type { ServerEntry } from '${up(3)}protocol/satellite.js';\nexport type A = [Log, ServerEntry];\n`,
      ),
    ).toEqual([]);
    expect(await crossings('src/server.ts', "const s = await import('#satellite');\ns;\n")).toEqual(
      [],
    );
    expect(
      await crossings('src/cli/satellite.ts', "const s = await import('#satellite');\ns;\n"),
    ).toEqual([]);
  });
});
