import { describe, expect, it } from 'vitest';
import { createCoalescedReads } from '../../src/lib/coalesced-reads.js';

/** A stand-in for the database: a version that writes move, and reads that finish on demand. */
function world() {
  let version = 0;
  const started: Array<{ version: number; finish: () => void; fail: (e: Error) => void }> = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const seen = version;
      started.push({ version: seen, finish: () => resolve(seen), fail: reject });
    });
  return {
    read,
    started,
    write: () => {
      version += 1;
    },
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('coalesced reads', () => {
  it('starts a read at once when none is under way', async () => {
    const w = world();
    const reads = createCoalescedReads();
    const answer = reads.read('k', w.read);
    expect(w.started).toHaveLength(1);
    w.started[0]!.finish();
    expect(await answer).toBe(0);
    expect(reads.size).toBe(0);
  });

  it('lets everyone who arrives during a read share the one that starts after it', async () => {
    const w = world();
    const reads = createCoalescedReads();
    const first = reads.read('k', w.read);
    const later = Array.from({ length: 15 }, () => reads.read('k', w.read));
    expect(w.started).toHaveLength(1);
    w.started[0]!.finish();
    await tick();
    expect(w.started).toHaveLength(2);
    w.started[1]!.finish();
    expect(await first).toBe(0);
    expect(await Promise.all(later)).toEqual(Array(15).fill(0));
    expect(w.started).toHaveLength(2);
    expect(reads.size).toBe(0);
  });

  it('never answers with a read that started before the caller asked', async () => {
    const w = world();
    const reads = createCoalescedReads();
    const before = reads.read('k', w.read);
    w.write();
    const after = reads.read('k', w.read);
    w.started[0]!.finish();
    await tick();
    w.started[1]!.finish();
    expect(await before).toBe(0);
    expect(await after).toBe(1);
  });

  it('keeps keys apart', async () => {
    const w = world();
    const reads = createCoalescedReads();
    const a = reads.read('a', w.read);
    const b = reads.read('b', w.read);
    expect(w.started).toHaveLength(2);
    for (const s of w.started) s.finish();
    await Promise.all([a, b]);
  });

  it('gives a failure to those who shared the read, and reads again for the next caller', async () => {
    const w = world();
    const reads = createCoalescedReads();
    const first = reads.read('k', w.read);
    const shared = [reads.read('k', w.read), reads.read('k', w.read)];
    w.started[0]!.fail(new Error('first failed'));
    await expect(first).rejects.toThrow('first failed');
    await tick();
    w.started[1]!.fail(new Error('second failed'));
    for (const s of shared) await expect(s).rejects.toThrow('second failed');
    expect(reads.size).toBe(0);
    const again = reads.read('k', w.read);
    w.started[2]!.finish();
    expect(await again).toBe(0);
  });

  describe('gathering one turn (the embedded database)', () => {
    /** Like a PGlite query: it runs on this thread and is done within the turn it started in. */
    function sameTurnReads() {
      let version = 0;
      let reads = 0;
      return {
        read: () => {
          reads += 1;
          return Promise.resolve(version);
        },
        write: () => {
          version += 1;
        },
        get reads() {
          return reads;
        },
      };
    }
    /** Callers reaching the route one after another within one turn, as requests parsed together. */
    const askInOneTurn = (
      reads: ReturnType<typeof createCoalescedReads>,
      read: () => Promise<number>,
    ) =>
      new Promise<Array<Promise<number>>>((resolve) => {
        setImmediate(async () => {
          const answers: Array<Promise<number>> = [];
          for (let i = 0; i < 16; i += 1) {
            answers.push(reads.read('k', read));
            await Promise.resolve();
          }
          resolve(answers);
        });
      });

    it('makes callers of one turn share one read', async () => {
      const db = sameTurnReads();
      const answers = await askInOneTurn(createCoalescedReads({ gatherOneTurn: true }), db.read);
      expect(await Promise.all(answers)).toEqual(Array(16).fill(0));
      expect(db.reads).toBe(1);
    });

    it('is what makes them share: without it every caller reads', async () => {
      const db = sameTurnReads();
      const answers = await askInOneTurn(createCoalescedReads(), db.read);
      await Promise.all(answers);
      expect(db.reads).toBe(16);
    });

    it('starts the read only after the turn, so it sees what was written in it', async () => {
      const db = sameTurnReads();
      const reads = createCoalescedReads({ gatherOneTurn: true });
      const answer = reads.read('k', db.read);
      expect(db.reads).toBe(0);
      db.write();
      expect(await answer).toBe(1);
      expect(db.reads).toBe(1);
      expect(reads.size).toBe(0);
    });

    it('still gives callers arriving during a read the one after it', async () => {
      const w = world();
      const reads = createCoalescedReads({ gatherOneTurn: true });
      const first = reads.read('k', w.read);
      await tick();
      expect(w.started).toHaveLength(1);
      w.write();
      const later = reads.read('k', w.read);
      w.started[0]!.finish();
      await tick();
      expect(w.started).toHaveLength(2);
      w.started[1]!.finish();
      expect(await first).toBe(0);
      expect(await later).toBe(1);
    });
  });
});
