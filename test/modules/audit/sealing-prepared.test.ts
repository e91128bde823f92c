import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementNames } from '../../../src/db/prepared.js';
import { STREAM_SIGNAL_CHANNEL } from '../../../src/http/stream/signals.js';
import { sealPending } from '../../../src/modules/audit/sealer.js';
import { audit } from '../../../src/modules/audit/writer.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';

let t: TestApp;

beforeAll(async () => {
  // No background pass during these tests: each seal here is the test's own.
  t = await createTestApp({ env: { AUDIT_SEAL_MS: '60000' } });
});
afterAll(async () => t?.close());

const orm = () => t.database.db.orm;
const teamChange = (teamId: string | null, key: string) => ({
  action: 'settings.changed' as const,
  request: null,
  teamId,
  details: { keys: [key] },
});

/** The database's own names for sealing, recording each text asked about and its answer. */
function recordingNames() {
  const base = t.database.db.statementNames.sealing;
  const asked: Array<{ text: string; name: string | undefined }> = [];
  const names: StatementNames = {
    ...(base.runNamed ? { runNamed: base.runNamed } : {}),
    nameFor(text) {
      const name = base.nameFor(text);
      asked.push({ text, name });
      return name;
    },
  };
  return { names, asked };
}

/** Every payload on the stream signal channel while `during` runs, and a moment after. */
async function signalsDuring(during: () => Promise<unknown>): Promise<string[]> {
  const heard: string[] = [];
  let up!: () => void;
  const connected = new Promise<void>((resolve) => (up = resolve));
  const listening = t.database.db.listen(STREAM_SIGNAL_CHANNEL, {
    payload: (payload) => heard.push(payload),
    connected: () => up(),
    disconnected: () => undefined,
  });
  try {
    await connected;
    await during();
    await expect.poll(() => heard.length, { timeout: 5_000 }).toBeGreaterThan(0);
    // Payloads of one commit arrive together; a short wait lets the last of them in.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return heard;
  } finally {
    await listening.close();
  }
}

describe('sealing with prepared statements', () => {
  it('asks for every statement by one text, whatever the teams it wakes, and runs them named', async () => {
    const { names, asked } = recordingNames();
    const seals = [[null], ['team_a'], ['team_a', 'team_b', 'team_c'], [null, 'team_d']];
    for (const [i, teams] of seals.entries()) {
      for (const team of teams) await audit(orm(), teamChange(team, `prepared-${i}`));
      expect(await sealPending(orm(), { names })).toBe(teams.length);
    }
    const texts = new Set(asked.map((a) => a.text));
    // The probe, the head's lock, the read and the move.
    expect(texts.size).toBe(4);
    // The texts are admitted from their second sighting on (prepared.ts): the last seals run
    // every statement named.
    const last = asked.slice(-4);
    expect(new Set(last.map((a) => a.text))).toEqual(texts);
    for (const statement of last) expect(statement.name).toMatch(/^gs_/);
  });

  it('wakes the audit stream of every team it sealed, over several payloads when they are many', async () => {
    const teams = Array.from(
      { length: 400 },
      (_, i) => `team_signal_${String(i).padStart(4, '0')}`,
    );
    for (const team of teams) await audit(orm(), teamChange(team, 'signal'));
    const { names } = recordingNames();
    let sealed = 0;
    const heard = await signalsDuring(async () => {
      sealed = await sealPending(orm(), { names });
    });
    expect(sealed).toBe(teams.length);
    // 400 topics do not fit in one NOTIFY payload (7,500 bytes).
    expect(heard.length).toBeGreaterThan(1);
    const topics = new Set(heard.flatMap((payload) => payload.split('\n').slice(1)));
    expect(topics).toEqual(new Set(['audit:*', ...teams.map((team) => `audit:${team}`)]));

    // One team this time: the same text, with one payload.
    await audit(orm(), teamChange('team_again', 'signal-again'));
    const again = await signalsDuring(() => sealPending(orm(), { names }));
    expect(again.flatMap((payload) => payload.split('\n').slice(1)).sort()).toEqual([
      'audit:*',
      'audit:team_again',
    ]);
  });
});
