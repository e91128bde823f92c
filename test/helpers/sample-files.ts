import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll } from 'vitest';

/**
 * Writes small sample projects (file name → text) into fresh temporary folders, each removed
 * once the test file is done; call it at a test file's top level.
 */
export function sampleProjects(prefix: string) {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
  return {
    async write(files: Record<string, string>) {
      const dir = await mkdtemp(path.join(tmpdir(), prefix));
      dirs.push(dir);
      for (const [name, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
        await writeFile(path.join(dir, name), text);
      }
      return dir;
    },
    /** Removes `dir` with the others (a copy the test made of one). */
    track: (dir: string) => void dirs.push(dir),
  };
}

/** Runs node on `args`: its exit code, and what it printed (on a failure, stderr as well). */
export const runNode = (args: string[], options: { cwd?: string } = {}) =>
  promisify(execFile)(process.execPath, args, options).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      out: `${error.stdout}${error.stderr}`,
    }),
  );
