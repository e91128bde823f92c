// How many stdio server processes may run at once: on the whole satellite and per team. A start
// over a limit first makes room by stopping the least recently used idle process of that scope
// (as if it had idled long enough to go dormant); with none idle, the start is refused.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ServerEntry } from '../../../protocol/satellite.js';
import type { EventSink, Log } from '../parts.js';
import { errorText, teamOf } from './fields.js';
import { emitLimitExceeded } from './limit-events.js';

/** An upstream that runs (or is about to run) a process, as the limits see it. */
export interface SlotHolder {
  readonly key: string;
  readonly entry: ServerEntry;
  /** When it was last used: the least recently used idle process makes room first. */
  readonly lastUsed: number;
  /** Running and waiting for no answer: stopping it cuts nothing short. */
  idle(): boolean;
  /** Stops the process until its next use (dormant). */
  evict(): Promise<void>;
}

/** A running process's place; given back when the process ends (more than once is harmless). */
export interface Slot {
  release(): void;
}

export interface ProcessLimits {
  /** Processes on the whole satellite; undefined for no limit. */
  total: number | undefined;
  /** Processes of one team's servers; undefined for no limit. */
  perTeam: number | undefined;
}

type Scope = 'satellite' | 'team';

interface Hit {
  scope: Scope;
  running: number;
  limit: number;
}

/** A start refused because a process limit is reached and no process can make room. */
export class ProcessLimitError extends McpError {
  constructor(hit: Hit) {
    const where =
      hit.scope === 'team'
        ? `Your team's servers on this satellite already run ${hit.limit} processes, the most it allows per team,`
        : `This satellite already runs ${hit.limit} server processes, the most it allows,`;
    super(
      ErrorCode.InternalError,
      `${where} and none of them is idle: try again when a call has finished.`,
      { limit: 'processes', scope: hit.scope, limit_value: hit.limit },
    );
    this.name = 'ProcessLimitError';
  }
}

export class ProcessSlots {
  private readonly taken = new Set<Taken>();

  constructor(
    private readonly limits: ProcessLimits,
    private readonly events: EventSink,
    private readonly log: Log,
  ) {}

  /**
   * A place for one more process of `holder`. The decision is taken at once, before any wait,
   * so that concurrent starts never both take the last place; a process stopped to make room
   * is stopped before this answers, so the new one never runs beside it.
   */
  async acquire(holder: SlotHolder): Promise<Slot> {
    const team = teamOf(holder.entry);
    const ofTeam = [...this.taken].filter((slot) => teamOf(slot.holder.entry) === team);
    const hits = this.hits(ofTeam.length);
    const slot = new Taken(holder, this.taken);
    if (hits.length === 0) {
      this.taken.add(slot);
      return slot;
    }
    // A process of the team frees a place in both scopes; another team's only on the satellite.
    const pool = hits.some((hit) => hit.scope === 'team') ? ofTeam : [...this.taken];
    const victim = leastRecentlyUsed(pool.filter((taken) => taken.holder !== holder));
    for (const hit of hits) this.report(holder, hit, victim);
    if (!victim) throw new ProcessLimitError(hits.find((hit) => hit.scope === 'team') ?? hits[0]!);
    this.taken.delete(victim);
    this.taken.add(slot);
    this.log.info(
      { server: holder.key, stopped: victim.holder.key },
      'process limit reached: the least recently used idle server is stopped to make room',
    );
    try {
      await victim.holder.evict();
    } catch (error) {
      this.log.warn({ server: victim.holder.key, error: errorText(error) }, 'idle stop failed');
    }
    return slot;
  }

  /** The limits a start would go over, given how many processes its team runs. */
  private hits(ofTeam: number): Hit[] {
    const { total, perTeam } = this.limits;
    const hits: Hit[] = [];
    if (perTeam !== undefined && ofTeam >= perTeam) {
      hits.push({ scope: 'team', running: ofTeam, limit: perTeam });
    }
    if (total !== undefined && this.taken.size >= total) {
      hits.push({ scope: 'satellite', running: this.taken.size, limit: total });
    }
    return hits;
  }

  /** `current_value` is the count the start would have reached, one over the limit. */
  private report(holder: SlotHolder, hit: Hit, victim: Taken | undefined): void {
    emitLimitExceeded(this.events, holder.key, holder.entry, {
      resource: 'processes',
      current: hit.running + 1,
      limit: hit.limit,
      action: victim ? 'stopped_idle' : 'refused',
      details: {
        scope: hit.scope,
        ...(victim ? { stopped_server_slug: victim.holder.key } : {}),
      },
    });
    if (!victim) {
      this.log.warn(
        { server: holder.key, scope: hit.scope, limit: hit.limit },
        'process limit reached and no server is idle: start refused',
      );
    }
  }
}

class Taken implements Slot {
  constructor(
    readonly holder: SlotHolder,
    private readonly set: Set<Taken>,
  ) {}

  release(): void {
    this.set.delete(this);
  }
}

function leastRecentlyUsed(slots: Taken[]): Taken | undefined {
  let best: Taken | undefined;
  for (const slot of slots) {
    if (!slot.holder.idle()) continue;
    if (!best || slot.holder.lastUsed < best.holder.lastUsed) best = slot;
  }
  return best;
}
