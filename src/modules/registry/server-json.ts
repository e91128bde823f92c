import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { StringEnum } from '../../http/schemas.js';

/**
 * The `server.json` format (schema version 2025-12-11) as TypeBox schemas, written from the
 * registry's published description. They check what is imported and describe what /v0.1 serves.
 */
export const SCHEMA_VERSION = '2025-12-11';
export const SCHEMA_URL = `https://static.modelcontextprotocol.io/schemas/${SCHEMA_VERSION}/server.schema.json`;
export const NAME_PATTERN = '^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$';
export const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';
/** Our own `_meta` key: what this catalogue adds about an entry. */
export const CATALOGUE_META = 'dev.groundstation/catalogue';

const Text = (max: number, extra: object = {}) => Type.String({ maxLength: max, ...extra });

export const Input = Type.Object({
  description: Type.Optional(Text(2000)),
  isRequired: Type.Optional(Type.Boolean()),
  format: Type.Optional(StringEnum(['string', 'number', 'boolean', 'filepath'])),
  value: Type.Optional(Text(4096)),
  isSecret: Type.Optional(Type.Boolean()),
  default: Type.Optional(Text(4096)),
  placeholder: Type.Optional(Text(1000)),
  choices: Type.Optional(Type.Array(Text(1000), { maxItems: 100 })),
});
// Written as additionalProperties: OpenAPI 3.0 has no patternProperties (Type.Record's form).
const Variables = Type.Unsafe<Record<string, Static<typeof Input>>>({
  type: 'object',
  additionalProperties: Input,
  maxProperties: 100,
});
const withVariables = { ...Input.properties, variables: Type.Optional(Variables) };

export const KeyValueInput = Type.Object({
  ...withVariables,
  name: Type.String({ minLength: 1, maxLength: 200 }),
});
export const Argument = Type.Union([
  Type.Object({
    ...withVariables,
    type: StringEnum(['positional']),
    valueHint: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    isRepeated: Type.Optional(Type.Boolean()),
  }),
  Type.Object({
    ...withVariables,
    type: StringEnum(['named']),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    isRepeated: Type.Optional(Type.Boolean()),
  }),
]);

const UrlTemplate = Type.String({
  maxLength: 2048,
  pattern: '^(https?://[^\\s]+|\\{[a-zA-Z_][a-zA-Z0-9_]*\\}[^\\s]*)$',
});
const Headers = Type.Optional(Type.Array(KeyValueInput, { maxItems: 100 }));
export const LocalTransport = Type.Union([
  Type.Object({ type: StringEnum(['stdio']) }),
  Type.Object({ type: StringEnum(['streamable-http', 'sse']), url: UrlTemplate, headers: Headers }),
]);
export const RemoteTransport = Type.Object({
  type: StringEnum(['streamable-http', 'sse']),
  url: UrlTemplate,
  headers: Headers,
  variables: Type.Optional(Variables),
});

const Arguments = Type.Optional(Type.Array(Argument, { maxItems: 100 }));
export const Package = Type.Object({
  registryType: Type.String({ minLength: 1, maxLength: 50 }),
  registryBaseUrl: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
  identifier: Type.String({ minLength: 1, maxLength: 1000 }),
  version: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  fileSha256: Type.Optional(Type.String({ pattern: '^[a-f0-9]{64}$' })),
  runtimeHint: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  transport: LocalTransport,
  runtimeArguments: Arguments,
  packageArguments: Arguments,
  environmentVariables: Type.Optional(Type.Array(KeyValueInput, { maxItems: 100 })),
});

export const Icon = Type.Object({
  src: Type.String({ format: 'uri', maxLength: 255 }),
  mimeType: Type.Optional(Type.String({ maxLength: 50 })),
  sizes: Type.Optional(Type.Array(Type.String({ pattern: '^(\\d+x\\d+|any)$' }), { maxItems: 20 })),
  theme: Type.Optional(StringEnum(['light', 'dark'])),
});
export const Repository = Type.Object({
  url: Type.String({ format: 'uri', maxLength: 2048 }),
  source: Type.String({ maxLength: 100 }),
  id: Type.Optional(Type.String({ maxLength: 200 })),
  subfolder: Type.Optional(Type.String({ maxLength: 500 })),
});

/** One version of one server (`ServerDetail`). Unknown fields are kept, not refused. */
export const ServerDetail = Type.Object({
  $schema: Type.Optional(Type.String({ maxLength: 500 })),
  name: Type.String({ minLength: 3, maxLength: 200, pattern: NAME_PATTERN }),
  description: Type.String({ minLength: 1, maxLength: 100 }),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  repository: Type.Optional(Repository),
  version: Type.String({ minLength: 1, maxLength: 255 }),
  websiteUrl: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
  icons: Type.Optional(Type.Array(Icon, { maxItems: 20 })),
  packages: Type.Optional(Type.Array(Package, { maxItems: 20 })),
  remotes: Type.Optional(Type.Array(RemoteTransport, { maxItems: 20 })),
  _meta: Type.Optional(Type.Object({}, { additionalProperties: true })),
});
export type ServerDocument = Static<typeof ServerDetail>;
export type PackageDocument = Static<typeof Package>;
export type RemoteDocument = Static<typeof RemoteTransport>;
export type InputDocument = Static<typeof Input> & {
  variables?: Record<string, Static<typeof Input>>;
};
export type ArgumentDocument = Static<typeof Argument>;
export type KeyValueDocument = Static<typeof KeyValueInput>;

export const STATUSES = ['active', 'deprecated', 'deleted'] as const;
export type UpstreamStatus = (typeof STATUSES)[number];

export const OfficialMeta = Type.Object({
  status: Type.Optional(StringEnum(STATUSES)),
  statusMessage: Type.Optional(Type.String({ maxLength: 500 })),
  statusChangedAt: Type.Optional(Type.String({ format: 'date-time' })),
  publishedAt: Type.Optional(Type.String({ format: 'date-time' })),
  updatedAt: Type.Optional(Type.String({ format: 'date-time' })),
  isLatest: Type.Optional(Type.Boolean()),
});
export type OfficialMetaValue = Static<typeof OfficialMeta>;

const ajv = new Ajv({ strict: false, allErrors: false });
addFormats.default(ajv);

/** Compiled on first use: most starts never import from a registry, and compiling costs ~0.1 s. */
function checker(schema: TSchema, at: string) {
  let compiled: ValidateFunction | undefined;
  const validate = () => (compiled ??= ajv.compile(schema));
  return {
    Check: (value: unknown) => validate()(value),
    error: () => {
      const e = validate().errors?.[0];
      return e ? `${at}${e.instancePath} ${e.message ?? 'is not valid'}` : `${at} is not valid`;
    },
  };
}
const detailCheck = checker(ServerDetail, 'server');
const metaCheck = checker(OfficialMeta, `_meta/${OFFICIAL_META}`);

const RANGE = /^[\^~<>=]|[*]|(^|\.)x(\.|$)|\s-\s|\|\|/i;

/** An imported entry: the document, and upstream's registry metadata when it came from one. */
export interface Entry {
  server: ServerDocument;
  official: OfficialMetaValue | null;
}

export class EntryError extends Error {
  constructor(
    readonly entryName: string | null,
    readonly entryVersion: string | null,
    message: string,
  ) {
    super(message);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The deepest nesting of arrays and objects one entry may have, the entry itself being level 1.
 * A real entry nests about eight deep (entry, server, packages, a package, its arguments, an
 * argument, its variables, a variable). JSON.parse copes with any depth, but the entry's digest
 * (mapping.ts) recurses, and an entry nested some thousands of levels deep overflowed the stack:
 * the whole page failed, and every later sync asked for the same page again. The same number as
 * the JSON request body limit (src/http/json-body.ts).
 */
export const MAX_ENTRY_DEPTH = 64;

/**
 * Whether a parsed JSON value nests arrays and objects deeper than `limit`. Iterative, so the
 * check cannot overflow the stack itself, and it stops at the first value past the limit.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<{ value: Container; depth: number }> = [];
  if (isContainer(value)) pending.push({ value, depth: 1 });
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.depth > limit) return true;
    for (const child of Object.values(next.value))
      if (isContainer(child)) pending.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

type Container = Record<string, unknown> | unknown[];
const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

/**
 * Checks one item of an import or of a registry page: a bare `server.json` document or a
 * registry answer `{server, _meta}`. Throws an EntryError that names what is wrong.
 */
export function parseEntry(item: unknown): Entry {
  if (!isObject(item)) throw new EntryError(null, null, 'entry is not a JSON object');
  const wrapped = isObject(item.server);
  const server = (wrapped ? item.server : item) as Record<string, unknown>;
  const name = typeof server.name === 'string' ? server.name.slice(0, 200) : null;
  const version = typeof server.version === 'string' ? server.version.slice(0, 255) : null;
  const fail = (reason: string) => new EntryError(name, version, reason);
  // Before anything that walks the entry: only its name and version were read, one level down.
  if (nestsDeeperThan(item, MAX_ENTRY_DEPTH))
    throw fail(`entry is nested more than ${MAX_ENTRY_DEPTH} levels deep`);
  if (server.$schema !== undefined && server.$schema !== SCHEMA_URL) {
    const found =
      typeof server.$schema === 'string' ? server.$schema.slice(0, 200) : 'not a string';
    throw fail(`$schema must be ${SCHEMA_URL} (schema version ${SCHEMA_VERSION}), got ${found}`);
  }
  if (typeof server.name === 'string' && !new RegExp(NAME_PATTERN).test(server.name)) {
    throw fail(`name must be reverse-DNS "namespace/server" matching ${NAME_PATTERN}`);
  }
  if (!detailCheck.Check(server)) throw fail(detailCheck.error());
  const doc = server as ServerDocument;
  if (doc.version === 'latest' || RANGE.test(doc.version)) {
    throw fail('version must be one specific version, not a range or "latest"');
  }
  for (const [i, p] of (doc.packages ?? []).entries()) {
    if (p.version !== undefined && (p.version === 'latest' || RANGE.test(p.version))) {
      throw fail(`packages/${i}/version must be one specific version`);
    }
    if (p.registryType === 'mcpb' && !p.fileSha256) {
      throw fail(`packages/${i}/fileSha256 is required for an mcpb package`);
    }
  }
  let official: OfficialMetaValue | null = null;
  const meta = wrapped ? (item._meta as unknown) : undefined;
  if (meta !== undefined) {
    if (!isObject(meta)) throw fail('_meta must be an object');
    const raw = meta[OFFICIAL_META];
    if (raw !== undefined) {
      if (!metaCheck.Check(raw)) throw fail(metaCheck.error());
      official = raw;
    }
  }
  return { server: doc, official };
}
