import { EXIT, type CliIo } from './io.js';

const HELP = `usage: groundstation satellite

Runs a satellite on its own port, paired with a Groundstation service: for other machines,
for teams that want their own, and for scale-out. Settings come from the environment:

  GROUNDSTATION_URL             the service's origin (required), e.g. https://gs.example.com
  SATELLITE_REGISTRATION_TOKEN  a registration token (first start; later starts use the saved key)
  SATELLITE_PUBLIC_URL          this satellite's MCP URL as clients reach it (default http://HOST:PORT/mcp)
  SATELLITE_PORT, SATELLITE_HOST  where it listens (default 3100 on 127.0.0.1)
  SATELLITE_DATA_DIR            where it keeps its key and the servers' working folders
  SATELLITE_NAME                its name (10 to 32 of a-z, 0-9, - and _)
  SATELLITE_IDLE_MS             stop a stdio server unused this long (default 600000)
  SATELLITE_MAX_MEMORY_MB       memory of a server's processes (Linux; and node's heap) (default none)
  SATELLITE_MAX_CPU_PERCENT     CPU of one core a server may use on average before it is niced
  SATELLITE_CPU_WINDOW_SECONDS  the window of that average (default 30)
  SATELLITE_MAX_PROCESSES, SATELLITE_MAX_PROCESSES_PER_TEAM  running stdio servers at most
  SATELLITE_SANDBOX             off (default), prlimit or namespaces (docs/satellites.md)
`;

/**
 * `groundstation satellite`: starts a standalone satellite and runs until SIGTERM or SIGINT. The
 * returned promise settles when it has stopped.
 */
export async function satelliteCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes('-h') || args.includes('--help')) {
    io.stdout(HELP);
    return EXIT.ok;
  }
  const { runStandalone, settingsFromEnv } = await import('#satellite');
  let running;
  try {
    running = await runStandalone(settingsFromEnv(io.env ?? process.env));
  } catch (error) {
    io.stderr(`satellite: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.invalid;
  }
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  await running.close();
  return EXIT.ok;
}
