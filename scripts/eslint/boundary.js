// The control plane (src/) and the data plane (satellite/) meet only on the wire: neither imports
// the other's code, and both may use the protocol's types (protocol/), which import nothing else.
// The service's process entries alone start the satellite, through its package entry
// (`#satellite`, package.json `imports`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ENTRIES = new Set(['src/server.ts', 'src/cli/satellite.ts']);

const areaOf = (file) => path.relative(root, file).split(path.sep)[0];

function refusal(from, relativeFile, spec, target) {
  if (spec === '#satellite')
    return from === 'src' && !ENTRIES.has(relativeFile)
      ? 'only src/server.ts and src/cli/satellite.ts start the satellite'
      : null;
  if (from === 'satellite' && target === 'src')
    return 'the satellite meets the service only on the wire (its HTTP routes)';
  if (from === 'src' && target === 'satellite')
    return 'the service starts the satellite through `#satellite` only';
  if (from === 'protocol' && target !== 'protocol') return 'the protocol’s types stand alone';
  return null;
}

export const boundary = {
  meta: {
    type: 'problem',
    docs: { description: 'keeps the service, the satellite and the protocol apart' },
    messages: { cross: 'import of "{{spec}}" crosses a boundary: {{why}}' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = areaOf(file);
    const relativeFile = path.relative(root, file).split(path.sep).join('/');
    const check = (node, source) => {
      const spec = source && source.type === 'Literal' ? source.value : null;
      if (typeof spec !== 'string') return;
      const target = spec.startsWith('.') ? areaOf(path.resolve(path.dirname(file), spec)) : null;
      const why = refusal(from, relativeFile, spec, target);
      if (why) context.report({ node, messageId: 'cross', data: { spec, why } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
