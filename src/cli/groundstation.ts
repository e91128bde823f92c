// Process entry of the `groundstation` command (bin/groundstation.js runs the compiled copy).
import { runCli } from './main.js';

// `npm run validate-config -- <file>` runs from the package root; npm keeps the directory the user
// typed the command in as INIT_CWD, and relative file names must be read from there.
const launchedByNpmScript = process.env.npm_lifecycle_event === 'validate-config';
const cwd = (launchedByNpmScript && process.env.INIT_CWD) || process.cwd();

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd,
});
