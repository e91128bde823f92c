import { statfs } from 'node:fs/promises';
import os from 'node:os';

/**
 * The satellite's own figures for heartbeats: CPU used by this process since the previous
 * reading (percent of one core), resident memory, how full the data folder's disk is, and uptime.
 */
export function systemMeter(dataDir: string) {
  let lastCpu = process.cpuUsage();
  let lastAt = process.hrtime.bigint();

  return async function read() {
    const cpu = process.cpuUsage(lastCpu);
    const now = process.hrtime.bigint();
    const elapsedUs = Number(now - lastAt) / 1000;
    lastCpu = process.cpuUsage();
    lastAt = now;
    const cpuPercent = elapsedUs > 0 ? ((cpu.user + cpu.system) / elapsedUs) * 100 : 0;
    let diskPercent = 0;
    try {
      const disk = await statfs(dataDir);
      diskPercent = disk.blocks > 0 ? (1 - disk.bavail / disk.blocks) * 100 : 0;
    } catch {
      // a folder that cannot be read reports 0
    }
    return {
      cpu_usage_percent: round(cpuPercent),
      memory_usage_mb: Math.round(process.memoryUsage().rss / 1_048_576),
      disk_usage_percent: round(diskPercent),
      uptime_seconds: Math.round(process.uptime()),
    };
  };
}

/** What registration says about the machine. */
export function systemInfo() {
  return {
    os: `${os.platform()} ${os.type().toLowerCase()}`,
    arch: os.arch(),
    node_version: process.version,
    memory_mb: Math.round(os.totalmem() / 1_048_576),
  };
}

const round = (value: number) => Math.round(value * 10) / 10;
