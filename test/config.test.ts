import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { sealIntervalMs } from '../src/modules/audit/sealer.js';

describe('configuration', () => {
  it('has defaults that start the service with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      baseUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      bodyLimitBytes: 1_048_576,
      streams: { pollIntervalMs: 3000, heartbeatIntervalMs: 30_000 },
    });
  });

  it('seals the audit log every second on PostgreSQL and every five on PGlite, unless told', () => {
    const unset = loadConfig({}).retention.auditSealMs;
    expect(sealIntervalMs(unset, 'postgresql')).toBe(1000);
    expect(sealIntervalMs(unset, 'pglite')).toBe(5000);
    const told = loadConfig({ AUDIT_SEAL_MS: '200' }).retention.auditSealMs;
    expect(sealIntervalMs(told, 'postgresql')).toBe(200);
    expect(sealIntervalMs(told, 'pglite')).toBe(200);
    expect(() => loadConfig({ AUDIT_SEAL_MS: '10' })).toThrow(/AUDIT_SEAL_MS/);
  });

  it('reads the stream intervals', () => {
    const config = loadConfig({
      STREAM_POLL_INTERVAL_MS: '100',
      STREAM_HEARTBEAT_INTERVAL_MS: '250',
    });
    expect(config.streams).toEqual({ pollIntervalMs: 100, heartbeatIntervalMs: 250 });
  });

  it('reads the plugin folder, the job interval and the satellite key cache', () => {
    expect(loadConfig({})).toMatchObject({ pluginsDir: null, jobsIntervalMs: null });
    expect(loadConfig({}).satellites.keyCacheMs).toBe(5000);
    const config = loadConfig({
      PLUGINS_DIR: '/opt/gs/plugins',
      JOBS_INTERVAL_MS: '250',
      SATELLITE_KEY_CACHE_MS: '0',
    });
    expect(config).toMatchObject({ pluginsDir: '/opt/gs/plugins', jobsIntervalMs: 250 });
    expect(config.satellites.keyCacheMs).toBe(0);
  });

  it('reads the built-in satellite’s process limits and sandbox, all off by default', () => {
    expect(loadConfig({}).builtInSatellite).toMatchObject({
      maxMemoryMb: null,
      maxCpuPercent: null,
      cpuWindowSeconds: 30,
      maxProcesses: null,
      maxProcessesPerTeam: null,
      sandbox: 'off',
      sandboxOpenFiles: 4096,
      sandboxProcesses: null,
    });
    const config = loadConfig({
      SATELLITE_MAX_MEMORY_MB: '512',
      SATELLITE_MAX_CPU_PERCENT: '150',
      SATELLITE_CPU_WINDOW_SECONDS: '10',
      SATELLITE_MAX_PROCESSES: '40',
      SATELLITE_MAX_PROCESSES_PER_TEAM: '0',
      SATELLITE_SANDBOX: 'namespaces',
      SATELLITE_SANDBOX_OPEN_FILES: '1024',
      SATELLITE_SANDBOX_PROCESSES: '2048',
    });
    expect(config.builtInSatellite).toMatchObject({
      maxMemoryMb: 512,
      maxCpuPercent: 150,
      cpuWindowSeconds: 10,
      maxProcesses: 40,
      maxProcessesPerTeam: null,
      sandbox: 'namespaces',
      sandboxOpenFiles: 1024,
      sandboxProcesses: 2048,
    });
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      BASE_URL: 'https://gs.example.com/',
      DATABASE_URL: 'postgres://u:p@db/gs',
      DATA_DIR: '/var/lib/gs',
      JWT_SECRET: 'x'.repeat(43),
    });
    expect(config.port).toBe(8080);
    expect(config.baseUrl).toBe('https://gs.example.com');
    expect(config.databaseUrl).toBe('postgres://u:p@db/gs');
    expect(config.dataDir).toBe('/var/lib/gs');
    expect(config.secretsFromEnv.JWT_SECRET).toBe('x'.repeat(43));
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ BASE_URL: 'not a url' }, /BASE_URL must be an absolute URL/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY must be false, a number of proxy hops/],
    [{ STREAM_POLL_INTERVAL_MS: '0' }, /STREAM_POLL_INTERVAL_MS must be between 10 and 60000/],
    [{ JOBS_INTERVAL_MS: '5' }, /JOBS_INTERVAL_MS must be between 100 and 86400000/],
    [{ EMBEDDED_VACUUM_MS: '50' }, /EMBEDDED_VACUUM_MS must be between 100 and 3600000/],
    [{ EMBEDDED_COMPILER: 'fast' }, /EMBEDDED_COMPILER must be one of baseline, optimizing/],
    [{ SATELLITE_KEY_CACHE_MS: '90000' }, /SATELLITE_KEY_CACHE_MS must be between 0 and 60000/],
    [{ SATELLITE_MAX_CPU_PERCENT: 'half' }, /SATELLITE_MAX_CPU_PERCENT must be a whole number/],
    [{ SATELLITE_MAX_PROCESSES: '-1' }, /SATELLITE_MAX_PROCESSES must be a whole number/],
    [{ SATELLITE_CPU_WINDOW_SECONDS: '0' }, /SATELLITE_CPU_WINDOW_SECONDS must be between 1/],
    [{ SATELLITE_SANDBOX: 'docker' }, /SATELLITE_SANDBOX must be one of off, prlimit, namespaces/],
    [{ SATELLITE_SANDBOX_OPEN_FILES: '8' }, /SATELLITE_SANDBOX_OPEN_FILES must be between 16/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
