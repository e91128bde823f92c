import type { Installation } from '../installations/data';
import { isServed } from './data';
import { assignPrefixes, installationSegment, serverKey, slugify } from './names';

/** What an MCP client can be pointed at: everything, discovery mode, or one installation. */
export interface Target {
  value: string;
  label: string;
  url: string;
  /** The name the client's configuration gives the server. */
  name: string;
  explain: string;
}

export function targetsFor(
  origin: string,
  teamSlug: string,
  userId: string,
  installations: Installation[],
): Target[] {
  const base = `${origin}/mcp`;
  const served = installations.filter(isServed);
  const keyOf = (i: Installation) => serverKey(i.server.slug, teamSlug, userId, i.id);
  const prefixes = assignPrefixes(
    served.map((i) => ({ key: keyOf(i), serverSlug: i.server.slug })),
  );
  const segments = installations.map((i) => installationSegment(i.name, i.id));
  const one = installations.map((i, index): Target => {
    const own = prefixes.get(keyOf(i));
    const plain = segments[index] ?? i.id;
    // The hub matches a segment to a prefix before a name: one that could name another
    // installation (its prefix, or the same name) is replaced by the id, which is exact.
    const clash =
      segments.filter((s) => s === plain).length > 1 ||
      [...prefixes.values()].some((p) => p === plain && p !== own);
    const segment = clash ? i.id : plain;
    return {
      value: i.id,
      label: `Only ${i.name}`,
      url: `${base}/${segment}`,
      name: `groundstation-${slugify(i.name)}`,
      explain: `Serves ${i.name} alone, with its tools’ own names (no prefix).`,
    };
  });
  return [
    {
      value: 'all',
      label: 'All my servers',
      url: base,
      name: 'groundstation',
      explain:
        'Serves every server installed in the team for you; tools are named <server>__<tool>.',
    },
    {
      value: 'discovery',
      label: 'Discovery mode',
      url: `${base}?mode=discovery`,
      name: 'groundstation',
      explain:
        'Offers three tools instead of all of them — search_tools, describe_tool and call_tool — for clients that struggle with long tool lists.',
    },
    ...one,
  ];
}
