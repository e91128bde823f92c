/**
 * The key of one member instance in the satellite's `mcp_servers` configuration map.
 *
 * The satellite names the process it runs after this key and reports it back in process events
 * (`server_slug`), tool discovery (`installation_name`) and log rate reports (`installation_id`),
 * so the backend must be able to turn a key back into its installation and user. The format is
 * `<server slug>-<team slug>-<user id>-<installation id>`: the same shape other backends of that
 * satellite use (it splits keys on `-` and expects at least four parts). Record ids never contain
 * `-` (a type prefix, `_` and base62), so the last two parts are always the ids even when the
 * slugs contain dashes.
 */
export interface ServerKeyParts {
  serverSlug: string;
  teamSlug: string;
  userId: string;
  installationId: string;
}

const SAFE = /[^a-zA-Z0-9_.]+/g;

/** Slugs are made safe for log lines and URLs; ids already are. */
const part = (text: string) => text.replace(SAFE, '_') || '_';

export function buildServerKey(parts: ServerKeyParts): string {
  return [part(parts.serverSlug), part(parts.teamSlug), parts.userId, parts.installationId].join(
    '-',
  );
}

const ID = /^[a-z]+_[A-Za-z0-9]+$/;

/** The installation and user a key names, or null when the text is not such a key. */
export function parseServerKey(key: string): { userId: string; installationId: string } | null {
  const segments = key.split('-');
  if (segments.length < 4) return null;
  const installationId = segments[segments.length - 1]!;
  const userId = segments[segments.length - 2]!;
  if (!ID.test(installationId) || !ID.test(userId)) return null;
  return { userId, installationId };
}
