import {
  isAlias,
  isMap,
  isNode,
  isScalar,
  isSeq,
  type Alias,
  type Document,
  type Pair,
  type YAMLMap,
} from 'yaml';

/**
 * What one walk over a parsed document learns, so that nothing later walks it again: keys given
 * twice, aliases that name no anchor, which node each alias stands for, and, built on first use
 * for each map, a table from key to entry. With those, placing an error at its JSON Pointer costs
 * one step per path segment, however wide the maps on the way are; searching each map's entries
 * and each alias's anchor instead made a wide file with thousands of errors quadratic.
 */
export interface DocumentIndex {
  /** Offsets of keys that repeat an earlier key of the same map. */
  duplicateKeys: number[];
  /** Aliases with no anchor of their name before them. */
  unresolvedAliases: { name: string; offset: number }[];
  /** The offset of the value a pointer names (or of its key), as deep as the document goes. */
  offsetOf(pointer: string, part: 'value' | 'key'): number;
}

type Ranged = { range?: [number, number, number] | null } | null | undefined;

function startOf(node: unknown): number | undefined {
  return (node as Ranged)?.range?.[0];
}

/** `name:` with nothing after it has an empty value node; its key is the place to point at. */
function isEmpty(node: unknown): boolean {
  const range = (node as Ranged)?.range;
  return !range || range[0] === range[1];
}

function keyText(key: unknown): string {
  return isScalar(key) ? String(key.value) : String(key);
}

/** JSON Pointer segments, unescaped (RFC 6901: ~1 is '/', ~0 is '~'). */
function segments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function indexDocument(doc: Document.Parsed): DocumentIndex {
  const duplicateKeys: number[] = [];
  const unresolvedAliases: DocumentIndex['unresolvedAliases'] = [];
  const aliasTargets = new Map<Alias, unknown>();
  const anchors = new Map<string, unknown>();
  // Depth first, in the order of the text, with an explicit stack: an anchor is seen before any
  // alias after it, which is the anchor the alias means (a later one of the same name overrides).
  const pending: unknown[] = [doc.contents];
  while (pending.length > 0) {
    const node = pending.pop();
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (target === undefined) {
        unresolvedAliases.push({ name: node.source, offset: startOf(node) ?? 0 });
      } else aliasTargets.set(node, target);
      continue;
    }
    if (isNode(node) && node.anchor) anchors.set(node.anchor, node);
    if (isMap(node)) {
      // Keys are equal when they are the same scalar value, as the YAML library compares them.
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (seen.has(key)) duplicateKeys.push(startOf(pair.key) ?? 0);
        else seen.add(key);
      }
      for (let i = node.items.length - 1; i >= 0; i--) {
        pending.push(node.items[i]!.value, node.items[i]!.key);
      }
    } else if (isSeq(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) pending.push(node.items[i]);
    }
  }

  const tables = new WeakMap<YAMLMap, Map<string, Pair>>();
  const entry = (map: YAMLMap, key: string): Pair | undefined => {
    let table = tables.get(map);
    if (!table) {
      table = new Map();
      for (const pair of map.items as Pair[]) {
        const text = keyText(pair.key);
        // The first entry of a name, as a search from the start would find.
        if (!table.has(text)) table.set(text, pair);
      }
      tables.set(map, table);
    }
    return table.get(key);
  };

  const offsetOf = (pointer: string, part: 'value' | 'key'): number => {
    let node: unknown = doc.contents;
    let key: unknown = undefined;
    for (const segment of segments(pointer)) {
      if (isAlias(node)) {
        const target = aliasTargets.get(node);
        if (target === undefined) return startOf(node) ?? 0;
        node = target;
      }
      let next: unknown = undefined;
      if (isMap(node)) {
        const pair = entry(node, segment);
        key = pair?.key;
        next = pair ? (isEmpty(pair.value) ? pair.key : pair.value) : undefined;
      } else if (isSeq(node)) {
        key = undefined;
        next = node.items[Number(segment)];
      }
      if (next === undefined || next === null) return startOf(node) ?? 0;
      node = next;
    }
    return startOf(part === 'key' && key !== undefined ? key : node) ?? 0;
  };

  return { duplicateKeys, unresolvedAliases, offsetOf };
}
