import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Database } from './client.js';

/**
 * A Unix socket in DATA_DIR through which `groundstation backup` asks the running service for a
 * snapshot of its embedded database: only the service may open the PGlite directory while it
 * runs. Whoever can reach the socket can already read DATA_DIR (mode 0700), database files and
 * secrets included, so the file's permissions are the access check.
 */
export const ADMIN_SOCKET_NAME = 'admin.sock';

export const adminSocketPath = (dataDir: string) => path.join(dataDir, ADMIN_SOCKET_NAME);

/** Longest request line the socket reads; a request is one word. */
const MAX_REQUEST = 64;

export async function listenForAdmin(deps: {
  dataDir: string;
  db: Database;
  logger: Logger;
}): Promise<{ close(): Promise<void> }> {
  const file = adminSocketPath(deps.dataDir);
  // A socket file left by a service that did not stop cleanly refuses the new listener.
  await rm(file, { force: true });
  const server = net.createServer((socket) => {
    let request = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (!request.includes('\n')) {
        if (request.length > MAX_REQUEST) socket.end('error request too long\n');
        return;
      }
      socket.removeAllListeners('data');
      void answer(socket, request.split('\n')[0]!.trim());
    });
  });

  async function answer(socket: net.Socket, command: string) {
    if (command !== 'backup' || !deps.db.snapshot) {
      socket.end(`error unknown request: ${command.slice(0, MAX_REQUEST)}\n`);
      return;
    }
    try {
      const started = Date.now();
      const archive = Buffer.from(await (await deps.db.snapshot()).arrayBuffer());
      // The length first, so that the command can tell a complete copy from a cut-off one.
      socket.write(`ok ${archive.length}\n`);
      socket.end(archive);
      deps.logger.info({ bytes: archive.length, ms: Date.now() - started }, 'backup taken');
    } catch (error) {
      deps.logger.error({ err: error }, 'backup failed');
      socket.end(`error ${(error as Error).message.split('\n')[0]}\n`);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The file goes with the listener, so that commands see no service.
      }).then(() => rm(file, { force: true })),
  };
}

export class ServiceNotRunning extends Error {}

/**
 * Asks the service for a snapshot. Throws ServiceNotRunning when no service answers on the
 * socket (none was started, or it is stopped), and an Error when the service answered with an
 * error or the copy arrived incomplete.
 */
export function requestSnapshot(dataDir: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.createConnection(adminSocketPath(dataDir));
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      socket.write('backup\n');
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && ['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes(error.code ?? ''))
        reject(new ServiceNotRunning('no service is running on this DATA_DIR'));
      else reject(error);
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      const header = all.subarray(0, newline === -1 ? all.length : newline).toString('utf8');
      const ok = /^ok (\d+)$/.exec(header);
      if (!ok)
        return reject(
          new Error(`the service refused the backup: ${header.replace(/^error /, '')}`),
        );
      const body = all.subarray(newline + 1);
      if (body.length !== Number(ok[1]))
        return reject(
          new Error(`the backup arrived incomplete (${body.length} of ${ok[1]} bytes)`),
        );
      resolve(body);
    });
  });
}

/** Whether a service answers on DATA_DIR's admin socket. */
export function serviceRunning(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.createConnection(adminSocketPath(dataDir));
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}
