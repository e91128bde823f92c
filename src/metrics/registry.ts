import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type JobOutcome = 'success' | 'failure';

/** What the scrape-time gauges read; each is asked only when /metrics is scraped. */
export interface ScrapeSources {
  openStreams(): number;
  sharedPolls(): number;
  /** node-postgres pool counters; absent on PGlite, which has one embedded connection. */
  pool?: () => { total: number; idle: number; waiting: number };
  satellitesOnline(): Promise<number>;
  /** A source that failed (the database is down): the gauge keeps its last value. */
  onError(error: unknown, metric: string): void;
}

const PREFIX = 'groundstation_';
// From 1 ms: most API requests and event batches finish in a few milliseconds.
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The registries every metric of one app instance goes to (its own one). */
type Registers = Registry[];

/** The counters and histograms callers record into as requests, batches and jobs finish. */
interface Recorders {
  /** Counts an answered request and observes how long it took. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Counts per type are added once per type, not once per event, to keep batches cheap. */
  observeEventBatch(
    seconds: number,
    processed: ReadonlyMap<string, number>,
    failed: ReadonlyMap<string, number>,
  ): void;
  /** Counts one run of a periodic job, by outcome. */
  countJobRun(job: string, outcome: JobOutcome): void;
}

/** The Prometheus metrics of one app instance. */
export interface Metrics extends Recorders {
  /** The registry /metrics renders. */
  registry: Registry;
  /** Registers the gauges that are computed when scraped. Call once per app. */
  watch(sources: ScrapeSources): void;
}

function recorders(registers: Registers): Recorders {
  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from receiving a request to finishing its response, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const eventsProcessed = new Counter({
    name: `${PREFIX}events_processed_total`,
    help: 'Satellite events stored, by event type',
    labelNames: ['type'] as const,
    registers,
  });
  const eventsFailed = new Counter({
    name: `${PREFIX}events_failed_total`,
    help: 'Satellite events refused, by event type ("unknown" for types the backend does not handle)',
    labelNames: ['type'] as const,
    registers,
  });
  const batchSeconds = new Histogram({
    name: `${PREFIX}event_batch_duration_seconds`,
    help: 'Time to validate and store one batch of satellite events',
    buckets: BATCH_BUCKETS,
    registers,
  });
  const jobRuns = new Counter({
    name: `${PREFIX}job_runs_total`,
    help: 'Periodic job runs in this process, by job and outcome (success, failure)',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });

  return {
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    observeEventBatch(seconds, processed, failed) {
      batchSeconds.observe(seconds);
      for (const [type, n] of processed) eventsProcessed.inc({ type }, n);
      for (const [type, n] of failed) eventsFailed.inc({ type }, n);
    },
    countJobRun(job, outcome) {
      jobRuns.inc({ job, outcome });
    },
  };
}

/** The gauges of the process's database pool, when it has one (node-postgres). */
function watchPool(registers: Registers, pool: NonNullable<ScrapeSources['pool']>) {
  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'PostgreSQL connections of this process, by state (idle, busy)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const { total, idle } = pool();
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'busy' }, total - idle);
    },
  });
  new Gauge({
    name: `${PREFIX}db_pool_waiting`,
    help: 'Queries waiting for a free PostgreSQL connection in this process',
    registers,
    collect() {
      this.set(pool().waiting);
    },
  });
}

function watch(registers: Registers, sources: ScrapeSources) {
  new Gauge({
    name: `${PREFIX}streams_open`,
    help: 'Live event streams (Server-Sent Events) this process is serving',
    registers,
    collect() {
      this.set(sources.openStreams());
    },
  });
  new Gauge({
    name: `${PREFIX}stream_polls_active`,
    help: 'Database polls shared by the open streams (one per resource and distinct filters)',
    registers,
    collect() {
      this.set(sources.sharedPolls());
    },
  });
  new Gauge({
    name: `${PREFIX}satellites_online`,
    help: 'Satellites whose status is online and that are not disabled (all replicas)',
    registers,
    async collect() {
      try {
        this.set(await sources.satellitesOnline());
      } catch (error) {
        sources.onError(error, 'satellites_online');
      }
    },
  });
  const { pool } = sources;
  if (pool) watchPool(registers, pool);
}

/**
 * The Prometheus metrics of one app instance, on a registry of its own (never prom-client's
 * global one: tests build many apps in one process). Callers record through these methods, so
 * prom-client stays inside src/metrics.
 */
export function createMetrics(options: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  // Process metrics install observers for the life of the process, so only an app whose
  // metrics can be scraped turns them on.
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    ...recorders(registers),
    watch: (sources) => watch(registers, sources),
  };
}
