import type { Database } from '../db/client.js';
import { sealPending } from '../modules/audit/sealer.js';
import { readChainHead, verifyChain } from '../modules/audit/verify.js';
import { runOnServiceDatabase } from './database.js';
import { EXIT, type CliIo } from './io.js';

export const AUDIT_USAGE = `usage: groundstation audit verify
       groundstation audit head

verify  checks the audit log's hash chain from its start to its head; prints the first broken
        link (an edited, re-linked or deleted entry) and exits 1, or exits 0 when it is whole
head    prints the chain's start and head as JSON, to anchor the head outside this service
`;

/** The command on an open database. */
export async function runAudit(args: string[], io: CliIo, db: Database): Promise<number> {
  const [action, ...rest] = args;
  if (rest.length > 0) {
    io.stderr(AUDIT_USAGE);
    return EXIT.usage;
  }
  if (action === 'head') {
    await sealPending(db.orm);
    io.stdout(`${JSON.stringify(await readChainHead(db.orm))}\n`);
    return EXIT.ok;
  }
  if (action === 'verify') {
    const report = await verifyChain(db.orm);
    const range = `entries ${report.head.start_seq}..${report.head.head_seq}`;
    if (report.broken === null) {
      io.stdout(
        `audit chain valid: ${report.checked} ${range} checked, head ${report.head.head_hash}\n`,
      );
      return EXIT.ok;
    }
    const { seq, entry_id: id, reason } = report.broken;
    io.stdout(
      `audit chain broken at entry ${seq}${id ? ` (${id})` : ''}: ${reason}; ` +
        `${report.checked} earlier entries of ${range} are intact\n`,
    );
    return EXIT.invalid;
  }
  io.stderr(AUDIT_USAGE);
  return EXIT.usage;
}

/** `groundstation audit …` on the database the configuration names. */
export async function auditCommand(args: string[], io: CliIo): Promise<number> {
  return runOnServiceDatabase(args, io, AUDIT_USAGE, (opened) => runAudit(args, io, opened.db));
}
