import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { Executor } from './executor.js';

/** A statement's text and parameters, as the ORM's dialect renders them. */
export interface RenderedQuery {
  sql: string;
  params: unknown[];
}

/** Runs a rendered statement as the named prepared statement `name`. */
export type NamedStatementRunner = (
  executor: Executor,
  query: RenderedQuery,
  name: string,
) => Promise<Results>;

const { serialize } = protocol;

function joined(messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((length, m) => length + m.length, 0));
  let offset = 0;
  for (const m of messages) {
    out.set(m, offset);
    offset += m.length;
  }
  return out;
}

/**
 * Named prepared statements on PGlite. PGlite's own `query` sends every statement unnamed, in
 * six exchanges with the WASM module (parse, describe, bind, describe, execute, sync), and
 * PostgreSQL parses and plans it each time: for an installation change's statement that was
 * about half of what the statement cost. Here a statement is parsed once under its name, and
 * each run is one exchange: bind, describe, execute and sync together.
 *
 * PGlite has one session, so a statement prepared once serves every caller; the runner keeps at
 * most `capacity`, closing the oldest when a new one would exceed it (the names' policy admits
 * new names each period, prepared.ts). Parameters are written, and rows read, with PGlite's own
 * serializers and parsers (which read times as text for the ORM, pglite-parsers.ts), so the
 * answers are those of the ORM's `execute`.
 */
export function createPgliteStatementRunner(
  client: PGlite,
  options: {
    capacity: number;
    /** The client the ORM was given: its session outside any transaction holds it. */
    ormClient: PGlite;
  },
): NamedStatementRunner {
  /** Prepared names and the types of their parameters, oldest first. */
  const prepared = new Map<string, number[]>();

  async function exchange(messages: Uint8Array[], inTransaction: boolean) {
    // Writing back to the file system is what PGlite does after a statement outside a
    // transaction; inside one, the commit does it.
    const { messages: replies } = await client.execProtocol(joined(messages), {
      syncToFs: !inTransaction,
    });
    return replies;
  }

  async function parameterTypes(name: string, text: string, inTransaction: boolean) {
    const known = prepared.get(name);
    if (known) return known;
    const messages = [];
    while (prepared.size >= options.capacity && prepared.size > 0) {
      const oldest = prepared.keys().next().value!;
      prepared.delete(oldest);
      messages.push(serialize.close({ type: 'S', name: oldest }));
    }
    messages.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }));
    const replies = await exchange([...messages, serialize.sync()], inTransaction);
    const types = parse.parseDescribeStatementResults(replies);
    prepared.set(name, types);
    return types;
  }

  return async (executor, query, name) => {
    // The ORM's session on the database itself holds the client it was given; one inside a
    // transaction holds the transaction's handle instead.
    const session = (executor as unknown as { _: { session: { client: unknown } } })._.session;
    const inTransaction = session.client !== options.ormClient;
    // PGlite's lock for one statement at a time, which a transaction's statements take too; and
    // outside a transaction also its lock for transactions, as PGlite's own `query` does, so that
    // the statement never runs between the statements of another caller's open transaction.
    const exclusive = <T>(run: () => Promise<T>) =>
      inTransaction
        ? client.runExclusive(run)
        : client._runExclusiveTransaction(() => client.runExclusive(run));
    try {
      return await exclusive(async () => {
        const types = await parameterTypes(name, query.sql, inTransaction);
        const values = query.params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const write = client.serializers[types[i]!];
          return write ? write(value) : String(value);
        });
        const replies = await exchange(
          [
            serialize.bind({ statement: name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ],
          inTransaction,
        );
        return parse.parseResults(replies, client.parsers, { rowMode: 'object' })[0]!;
      });
    } catch (error) {
      // As the ORM reports a failed statement, so callers see one shape of error.
      throw new DrizzleQueryError(query.sql, query.params, error as Error);
    }
  };
}
