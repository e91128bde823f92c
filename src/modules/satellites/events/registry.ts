import { clientActivity } from './handlers/client-activity.js';
import { clientConnected } from './handlers/client-connected.js';
import { clientDisconnected } from './handlers/client-disconnected.js';
import { configError } from './handlers/config-error.js';
import { configRefreshed } from './handlers/config-refreshed.js';
import { logRateLimitExceeded } from './handlers/log-rate-limit.js';
import { requestLogs } from './handlers/request-logs.js';
import { resourceLimitExceeded } from './handlers/resource-limit-exceeded.js';
import { securityAuthFailed } from './handlers/security-auth-failed.js';
import { serverCrashed } from './handlers/server-crashed.js';
import { serverDormant } from './handlers/server-dormant.js';
import { serverLogs } from './handlers/server-logs.js';
import { serverPermanentlyFailed } from './handlers/server-permanently-failed.js';
import { serverRespawned } from './handlers/server-respawned.js';
import { serverRestarted } from './handlers/server-restarted.js';
import { serverStarted } from './handlers/server-started.js';
import { serverStatusChanged } from './handlers/server-status-changed.js';
import { serverStopped } from './handlers/server-stopped.js';
import { toolExecuted } from './handlers/tool-executed.js';
import { toolsDiscovered } from './handlers/tools-discovered.js';
import { toolsUpdated } from './handlers/tools-updated.js';
import type { EventHandler } from './types.js';

/**
 * Every event type the backend handles: the 21 of the DeployStack satellite's registry
 * (docs/satellites.md). A type not listed (a newer satellite's) fails alone as unknown.
 * `satellite.registered`/`deregistered`, planned in the spec, are sent by no satellite.
 */
export const EVENT_HANDLERS: readonly EventHandler[] = [
  serverStarted,
  serverCrashed,
  serverRestarted,
  serverPermanentlyFailed,
  serverDormant,
  serverRespawned,
  serverStopped,
  serverStatusChanged,
  serverLogs,
  logRateLimitExceeded,
  requestLogs,
  toolExecuted,
  toolsDiscovered,
  toolsUpdated,
  clientActivity,
  clientConnected,
  clientDisconnected,
  configError,
  configRefreshed,
  securityAuthFailed,
  resourceLimitExceeded,
] as EventHandler[];
