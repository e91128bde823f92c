/** What `groundstation satellite` accepts as its name: 10 to 32 of a-z, 0-9, - and _. */
export const SATELLITE_NAME = /^[a-z0-9_-]{10,32}$/;

/**
 * The command that runs a standalone satellite and pairs it with this service using a
 * registration token (docs/satellites.md). The name goes in only when the satellite accepts it;
 * otherwise the satellite names itself after its host.
 */
export function satelliteCommand(origin: string, token: string, name?: string | null): string {
  const lines = [`GROUNDSTATION_URL=${origin}`, `SATELLITE_REGISTRATION_TOKEN=${token}`];
  if (name && SATELLITE_NAME.test(name)) lines.push(`SATELLITE_NAME=${name}`);
  lines.push('npx groundstation satellite');
  return lines.join(' \\\n  ');
}
