import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule that keeps functions small (eslint.config.js, max-lines-per-function), run on
// sample files where the service, the satellite and the console keep their code.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const eslint = new ESLint({ cwd: root });

/** A function whose body has `lines` statements, each with a comment and a blank line beside. */
function functionOf(lines: number) {
  const body = Array.from({ length: lines }, (_, i) => `  // step ${i}\n\n  total += ${i};`);
  return `export function long() {\n  let total = 0;\n${body.join('\n')}\n  return total;\n}\n`;
}

async function tooLong(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'max-lines-per-function').length;
}

describe('function length', () => {
  it('refuses a function over 100 lines in the service, the satellite and the console', async () => {
    // 97 statements + the declaration, `let`, `return` and the closing brace: 101 lines.
    const long = functionOf(97);
    expect(await tooLong('src/modules/x.ts', long)).toBe(1);
    expect(await tooLong('satellite/src/agent/x.ts', long)).toBe(1);
    expect(await tooLong('console/src/pages/x.tsx', long)).toBe(1);
  });

  it('accepts 100 lines, not counting blank lines and comments', async () => {
    expect(await tooLong('src/modules/x.ts', functionOf(96))).toBe(0);
  });
});
