import { EXIT, type CliIo } from './io.js';
import { auditCommand } from './audit.js';
import { backupCommand, restoreCommand } from './backup.js';
import { encryptionKeysCommand } from './encryption-keys.js';
import { satelliteCommand } from './satellite.js';
import { validateConfigCommand } from './validate-config.js';

type Command = (args: string[], io: CliIo) => Promise<number>;

const COMMANDS: Record<string, { run: Command; summary: string }> = {
  'validate-config': {
    run: validateConfigCommand,
    summary: 'check a deployment configuration file (YAML or JSON) against the schema',
  },
  'encryption-keys': {
    run: encryptionKeysCommand,
    summary: 'report which encryption keys stored values need; re-encrypt with the current key',
  },
  backup: {
    run: backupCommand,
    summary: 'copy the embedded database (PGlite) to a file, from the running service if any',
  },
  restore: {
    run: restoreCommand,
    summary: 'replace the embedded database with a backup (the service must be stopped)',
  },
  satellite: {
    run: satelliteCommand,
    summary: 'run a satellite on its own port, paired with a Groundstation service',
  },
  audit: {
    run: auditCommand,
    summary: 'verify the audit log’s hash chain, or print its head to anchor elsewhere',
  },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(
    ([name, { summary }]) => `  ${name.padEnd(17)}${summary}`,
  );
  return `usage: groundstation <command> [arguments]\n\ncommands:\n${lines.join('\n')}\n`;
}

/** Runs `groundstation <command> …` and returns the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === '-h' || name === '--help' || name === 'help') {
    io.stdout(usage());
    return EXIT.ok;
  }
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) {
    io.stderr(`${name === undefined ? '' : `unknown command: ${name}\n`}${usage()}`);
    return EXIT.usage;
  }
  return command.run(args, io);
}
