import { parseServerKey } from '../server-key.js';
import { EventError } from './errors.js';
import type { PlanContext } from './types.js';
import type { BatchWrites } from './writes.js';

/**
 * An installation id as a satellite sends it: the id itself, or a configuration map key
 * (`<server>-<team>-<user id>-<installation id>`), which the DeployStack satellite puts in
 * `installation_id`/`server_id` where its entry had no installation id, and always in
 * `mcp.server.log_rate_limit_exceeded`.
 */
export function installationIdOf(text: string): string {
  return parseServerKey(text)?.installationId ?? text;
}

/**
 * Refuses an event whose map key names another installation than its installation field:
 * a satellite that mixes up two entries must not write into the wrong one.
 */
export function sameInstallation(key: string | undefined, installationId: string): void {
  const named = key === undefined ? null : parseServerKey(key);
  if (named && named.installationId !== installationId)
    throw new EventError(
      `the map key ${key} names installation ${named.installationId}, not ${installationId}`,
    );
}

interface ProcessNames {
  server_id: string;
  /** The map key (DeployStack satellite) or the catalogue slug (spec). */
  server_slug?: string;
  /** The map key in `mcp.server.stopped`. */
  server_name?: string;
  user_id?: string;
}

/**
 * The installation and the member a process event is about. The map key in `server_slug` (or
 * `server_name`) names both and is preferred; otherwise `server_id` and `user_id`. A key that
 * disagrees with `server_id` or `user_id` refuses the event.
 */
export function processOwner(data: ProcessNames): { installationId: string; userId?: string } {
  const keyText = data.server_slug ?? data.server_name;
  const key = keyText === undefined ? null : parseServerKey(keyText);
  const installationId = installationIdOf(data.server_id);
  if (!key) return { installationId, userId: data.user_id };
  sameInstallation(keyText, installationId);
  if (data.user_id !== undefined && data.user_id !== key.userId)
    throw new EventError(`the map key ${keyText} names user ${key.userId}, not ${data.user_id}`);
  return { installationId, userId: key.userId };
}

/**
 * Which process record an event is about, and the OS pid it reports. A string process id is the
 * spec's form: it names the record. A number is the OS pid the DeployStack satellite sends
 * (0 when unknown); its record is then the member's instance, the process the configuration
 * asked for, so that every event about it (start, crash, restart, dormancy) lands on one record.
 */
export function processRecord(
  processId: string | number | undefined,
  userInstance: string | undefined,
): { processId: string; pid: number | null } {
  if (typeof processId === 'string') return { processId, pid: null };
  if (!userInstance)
    throw new EventError(
      'the process’s instance is unknown: server_slug must be the configuration’s map key, ' +
        'or user_id must name the member',
    );
  return { processId: userInstance, pid: processId ? processId : null };
}

/** The installation and user locators every process event handler shares. */
export const processEventScope = {
  installationOf: (data: ProcessNames & { team_id: string }) => ({
    installationId: processOwner(data).installationId,
    teamId: data.team_id,
  }),
  userOf: (data: ProcessNames) => processOwner(data).userId,
};

/**
 * Records a process event's change to its process record: the record the event names, in the
 * event's installation and team, stamped now. `values` receives the OS pid the event reports.
 */
export function writeProcess(
  context: Pick<PlanContext, 'satellite' | 'installation' | 'clock' | 'userInstance'>,
  writes: BatchWrites,
  processId: string | number | undefined,
  values: (pid: number | null) => Record<string, unknown>,
): string {
  const process = processRecord(processId, context.userInstance);
  writes.upsertProcess(context.satellite.satelliteId, process.processId, {
    installationId: context.installation.id,
    teamId: context.installation.teamId,
    ...values(process.pid),
    updatedAt: context.clock(),
  });
  return process.processId;
}
