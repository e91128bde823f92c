import type { Database } from '../db/client.js';
import { createKeyRotation, type KeyUsageReport } from '../modules/encryption/rotation.js';
import { runOnServiceDatabase } from './database.js';
import { EXIT, type CliIo } from './io.js';

export const ENCRYPTION_KEYS_USAGE = `usage: groundstation encryption-keys status
       groundstation encryption-keys reencrypt [--batch-size <rows>]

status     which key of the ring (ENCRYPTION_KEY, ENCRYPTION_KEYS_PREVIOUS) each stored value needs
reencrypt  re-encrypts every value with ENCRYPTION_KEY, in batches, beside the running service;
           safe to stop and run again. Then prints the status.
`;

function formatReport(report: KeyUsageReport): string {
  const lines = ['key id         role      values  where'];
  for (const key of report.keys) {
    const where = report.locations
      .filter((l) => (l.byKey[key.id] ?? 0) > 0)
      .map((l) => `${l.location}=${l.byKey[key.id]}`)
      .join(', ');
    lines.push(
      `${key.id.padEnd(15)}${(key.current ? 'current' : 'previous').padEnd(10)}${String(key.values).padStart(6)}  ${where || '-'}`,
    );
  }
  for (const key of report.keys.filter((k) => !k.current)) {
    lines.push(
      key.values === 0
        ? `key ${key.id} is no longer used: it may be removed from ENCRYPTION_KEYS_PREVIOUS`
        : `key ${key.id} is still used by ${key.values} values: run \`groundstation encryption-keys reencrypt\``,
    );
  }
  if (report.unreadable > 0) {
    const where = report.locations
      .filter((l) => l.unreadable > 0)
      .map((l) => `${l.location}=${l.unreadable}`)
      .join(', ');
    lines.push(
      `${report.unreadable} values need a key that is not in the ring (${where}): add it to ENCRYPTION_KEYS_PREVIOUS`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The command on an open database; `key` is the ENCRYPTION_KEY ring. */
export async function runEncryptionKeys(
  args: string[],
  io: CliIo,
  deps: { db: Database; key: Buffer },
): Promise<number> {
  const [action, ...rest] = args;
  const rotation = createKeyRotation(deps);
  if (action === 'status' && rest.length === 0) {
    const report = await rotation.usage();
    io.stdout(formatReport(report));
    return report.unreadable > 0 ? EXIT.invalid : EXIT.ok;
  }
  if (action === 'reencrypt') {
    let batchSize = 500;
    if (rest.length > 0) {
      const [flag, value] = rest;
      if (flag !== '--batch-size' || rest.length !== 2 || !/^\d+$/.test(value ?? '')) {
        io.stderr(ENCRYPTION_KEYS_USAGE);
        return EXIT.usage;
      }
      batchSize = Number(value);
      if (batchSize < 1 || batchSize > 100_000) {
        io.stderr('--batch-size must be between 1 and 100000\n');
        return EXIT.usage;
      }
    }
    const result = await rotation.reencrypt({
      batchSize,
      onBatch: (p) =>
        io.stdout(`${p.location}: read ${p.rowsRead} rows, re-encrypted ${p.rowsChanged}\n`),
    });
    io.stdout(
      `re-encrypted ${result.rowsChanged} rows in ${result.batches} batches with key ${rotation.currentKeyId}` +
        (result.rowsSkipped ? ` (${result.rowsSkipped} changed meanwhile, left as written)` : '') +
        (result.rowsUnreadable ? `; ${result.rowsUnreadable} rows need a missing key` : '') +
        '\n',
    );
    const report = await rotation.usage();
    io.stdout(formatReport(report));
    return report.unreadable > 0 ? EXIT.invalid : EXIT.ok;
  }
  io.stderr(ENCRYPTION_KEYS_USAGE);
  return EXIT.usage;
}

/** `groundstation encryption-keys …` on the database the configuration names. */
export async function encryptionKeysCommand(args: string[], io: CliIo): Promise<number> {
  return runOnServiceDatabase(args, io, ENCRYPTION_KEYS_USAGE, (opened) =>
    runEncryptionKeys(args, io, {
      db: opened.db,
      key: opened.secrets.ENCRYPTION_KEY,
    }),
  );
}
