import { serverCrashed } from './handlers/server-crashed.js';
import { serverLogs } from './handlers/server-logs.js';
import { serverStarted } from './handlers/server-started.js';
import { serverStatusChanged } from './handlers/server-status-changed.js';
import { requestLogs } from './handlers/request-logs.js';
import { toolExecuted } from './handlers/tool-executed.js';
import { toolsDiscovered } from './handlers/tools-discovered.js';
import type { EventHandler } from './types.js';

/**
 * Every event type the backend handles. The types the spec lists as planned (client
 * connections, config refresh, …) are deliberately absent: they fail as unknown types.
 */
export const EVENT_HANDLERS: readonly EventHandler[] = [
  serverStarted,
  serverCrashed,
  serverStatusChanged,
  toolExecuted,
  serverLogs,
  requestLogs,
  toolsDiscovered,
] as EventHandler[];
