// The standalone satellite reads the stdio servers' limits and sandbox from the same environment
// names as the built-in one (src/config.ts).
import { describe, expect, it } from 'vitest';
import { settingsFromEnv } from '../../../satellite/src/standalone.js';

const base = { GROUNDSTATION_URL: 'http://gs.example' };

describe('the standalone satellite’s server settings', () => {
  it('leaves every limit and the sandbox off when nothing is set', () => {
    expect(settingsFromEnv(base).servers).toEqual({
      maxMemoryMb: undefined,
      maxCpuPercent: undefined,
      cpuWindowMs: undefined,
      maxProcesses: undefined,
      maxProcessesPerTeam: undefined,
      sandbox: undefined,
      sandboxOpenFiles: undefined,
      sandboxProcesses: undefined,
    });
  });

  it('reads the limits and the sandbox; 0 is no limit, as built in', () => {
    const settings = settingsFromEnv({
      ...base,
      SATELLITE_MAX_MEMORY_MB: '512',
      SATELLITE_MAX_CPU_PERCENT: '80',
      SATELLITE_CPU_WINDOW_SECONDS: '10',
      SATELLITE_MAX_PROCESSES: '0',
      SATELLITE_MAX_PROCESSES_PER_TEAM: '5',
      SATELLITE_SANDBOX: 'prlimit',
      SATELLITE_SANDBOX_OPEN_FILES: '1024',
      SATELLITE_SANDBOX_PROCESSES: '2048',
    });
    expect(settings.servers).toEqual({
      maxMemoryMb: 512,
      maxCpuPercent: 80,
      cpuWindowMs: 10_000,
      maxProcesses: undefined,
      maxProcessesPerTeam: 5,
      sandbox: 'prlimit',
      sandboxOpenFiles: 1024,
      sandboxProcesses: 2048,
    });
  });

  it.each([
    [{ SATELLITE_SANDBOX: 'docker' }, /SATELLITE_SANDBOX must be one of off, prlimit, namespaces/],
    [{ SATELLITE_MAX_PROCESSES: '-1' }, /SATELLITE_MAX_PROCESSES must be a positive whole number/],
    [{ SATELLITE_MAX_CPU_PERCENT: '50%' }, /SATELLITE_MAX_CPU_PERCENT must be a positive/],
    [{ SATELLITE_CPU_WINDOW_SECONDS: '0' }, /SATELLITE_CPU_WINDOW_SECONDS must be a positive/],
    [{ SATELLITE_IDLE_MS: 'soon' }, /SATELLITE_IDLE_MS must be a positive whole number/],
  ])('refuses %j, naming the setting', (env, message) => {
    expect(() => settingsFromEnv({ ...base, ...env })).toThrow(message);
  });
});
