import { createHash } from 'node:crypto';
import type { ConfigField, ConfigSchema, ConfigSection } from '../../db/schema/index.js';
import type {
  ArgumentDocument,
  InputDocument,
  KeyValueDocument,
  PackageDocument,
  RemoteDocument,
  ServerDocument,
} from './server-json.js';
import { CATALOGUE_META } from './server-json.js';

/** The catalogue fields a `server.json` document decides (docs/catalogue.md, mapping table). */
export interface CatalogueValues {
  name: string;
  description: string | null;
  repositoryUrl: string | null;
  homepage: string | null;
  transport: 'stdio' | 'http' | 'sse';
  runtime: string | null;
  command: string | null;
  package: string | null;
  args: string[];
  url: string | null;
  configSchema: ConfigSchema;
}

const emptySection = (): ConfigSection => ({ args: [], env: [], headers: [] });

/** Where a value the server needs is decided (docs/catalogue.md, "Who fills in what"). */
export type Level = 'template' | 'team' | 'user';

const references = (text: string | undefined) =>
  [...(text ?? '').matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!);

/**
 * The placement rule: a value the document fixes (and that refers to no variable) is the
 * template's; a secret (or a value built from a secret variable) belongs to each member, since
 * credentials are personal; everything else a team decides once for all its members.
 */
export function levelOf(input: InputDocument): Level {
  const vars = Object.values(input.variables ?? {});
  if (input.value !== undefined && references(input.value).length === 0) return 'template';
  if (input.isSecret || vars.some((v) => v.isSecret)) return 'user';
  return 'team';
}

function field(name: string, input: InputDocument, extra: { flag?: string } = {}): ConfigField {
  const given = input.value ?? input.default;
  const wrap = (v: string) => (extra.flag ? `${extra.flag}=${v}` : v);
  return {
    name,
    description:
      [input.description, extra.flag ? `Passed as ${extra.flag}=<value>.` : null]
        .filter(Boolean)
        .join(' ') || null,
    // A template value is fixed; it is "required" only in that it is always there.
    required: input.isRequired ?? false,
    secret: input.isSecret ?? Object.values(input.variables ?? {}).some((v) => v.isSecret === true),
    default: given !== undefined ? wrap(given) : null,
    ...(input.choices?.length ? { choices: input.choices.map(wrap) } : {}),
    ...(input.format ? { format: input.format } : {}),
    ...(input.placeholder !== undefined
      ? { placeholder: wrap(input.placeholder) }
      : extra.flag
        ? { placeholder: `${extra.flag}=<value>` }
        : {}),
  };
}

class SchemaBuilder {
  readonly schema: ConfigSchema = {
    template: emptySection(),
    team: emptySection(),
    user: emptySection(),
  };
  private readonly taken = new Set<string>();

  add(kind: keyof ConfigSection, level: Level, f: ConfigField) {
    // Names must be unique per kind across levels, or a value could not say which field it fills.
    let name = f.name;
    for (let i = 2; this.taken.has(`${kind}:${name}`); i++) name = `${f.name}_${i}`;
    this.taken.add(`${kind}:${name}`);
    this.schema[level][kind].push({ ...f, name });
  }
}

const RUNNERS: Record<string, { runtime: string; command: string }> = {
  npm: { runtime: 'node', command: 'npx' },
  pypi: { runtime: 'python', command: 'uvx' },
  nuget: { runtime: 'dotnet', command: 'dnx' },
  oci: { runtime: 'docker', command: 'docker' },
  mcpb: { runtime: 'mcpb', command: 'mcpb' },
};

/** The package as its runner names it: `pkg@1.2.3`, `pkg==1.2.3`, `image:1.2.3`, a URL. */
export function packageSpec(p: PackageDocument): string {
  if (!p.version) return p.identifier;
  switch (p.registryType) {
    case 'pypi':
      return `${p.identifier}==${p.version}`;
    case 'oci':
      return /[:@][^/]*$/.test(p.identifier) ? p.identifier : `${p.identifier}:${p.version}`;
    case 'mcpb':
      return p.identifier;
    default:
      return `${p.identifier}@${p.version}`;
  }
}

/**
 * Arguments: a fixed value becomes a literal argument; one that needs input becomes an `args`
 * field at the level the rule gives (satellites append argument values after the literal ones).
 */
function addArguments(
  list: ArgumentDocument[] | undefined,
  into: string[],
  builder: SchemaBuilder,
) {
  for (const arg of list ?? []) {
    const level = levelOf(arg);
    if (arg.type === 'named') {
      // `--flag=value` as the format describes it; a short flag (`-e`) takes its value apart.
      if (level === 'template' && arg.value !== undefined)
        into.push(
          ...(arg.name.startsWith('--') ? [`${arg.name}=${arg.value}`] : [arg.name, arg.value]),
        );
      else if (level === 'template') into.push(arg.name);
      else
        builder.add(
          'args',
          level,
          field(arg.name.replace(/^-+/, '') || arg.name, arg, { flag: arg.name }),
        );
    } else if (level === 'template' && arg.value !== undefined) {
      into.push(arg.value);
    } else {
      builder.add('args', level, field(arg.valueHint ?? `arg_${into.length + 1}`, arg));
    }
    for (const [name, variable] of Object.entries(arg.variables ?? {})) {
      builder.add('args', levelOf(variable), field(name, variable));
    }
  }
}

function addKeyValues(
  list: KeyValueDocument[] | undefined,
  kind: 'env' | 'headers',
  builder: SchemaBuilder,
) {
  for (const kv of list ?? []) {
    builder.add(kind, levelOf(kv), field(kv.name, kv));
    for (const [name, variable] of Object.entries(kv.variables ?? {})) {
      builder.add(kind, levelOf(variable), field(name, variable));
    }
  }
}

const TRANSPORTS = { stdio: 'stdio', 'streamable-http': 'http', sse: 'sse' } as const;

function fromPackage(p: PackageDocument) {
  const builder = new SchemaBuilder();
  const runner = RUNNERS[p.registryType] ?? { runtime: p.registryType, command: p.registryType };
  const args: string[] = [];
  if (p.registryType === 'oci') args.push('run', '-i', '--rm');
  // npx asks before installing unless told not to; the hint-less default runs unattended.
  if (p.registryType === 'npm' && !p.runtimeHint) args.push('-y');
  addArguments(p.runtimeArguments, args, builder);
  args.push(packageSpec(p));
  addArguments(p.packageArguments, args, builder);
  addKeyValues(p.environmentVariables, 'env', builder);
  const transport = p.transport;
  if (transport.type !== 'stdio') addKeyValues(transport.headers, 'headers', builder);
  return {
    transport: TRANSPORTS[transport.type],
    runtime: runner.runtime,
    command: p.runtimeHint ?? runner.command,
    package: packageSpec(p),
    args,
    url: transport.type === 'stdio' ? null : transport.url,
    configSchema: builder.schema,
  };
}

function fromRemote(r: RemoteDocument) {
  const builder = new SchemaBuilder();
  // URL template variables are `args` fields of a remote server; they fill the {name}s of `url`.
  for (const [name, variable] of Object.entries(r.variables ?? {})) {
    builder.add('args', levelOf(variable), field(name, variable));
  }
  addKeyValues(r.headers, 'headers', builder);
  return {
    transport: TRANSPORTS[r.type],
    runtime: null,
    command: null,
    package: null,
    args: [],
    url: r.url,
    configSchema: builder.schema,
  };
}

/**
 * Whether a document says its remote server wants each user to sign in with OAuth: the
 * catalogue's own `_meta` key (dev.groundstation/catalogue) with `requires_oauth: true`, as
 * publishers or another Groundstation write it (docs/upstream-oauth.md).
 */
export function documentWantsOAuth(doc: ServerDocument): boolean {
  const meta: unknown = doc._meta ? Reflect.get(doc._meta, CATALOGUE_META) : undefined;
  return typeof meta === 'object' && meta !== null && Reflect.get(meta, 'requires_oauth') === true;
}

const httpUrl = (u: string | undefined) => (u && /^https?:\/\//i.test(u) ? u : null);

/**
 * Maps one version's document onto the catalogue. The first package decides how the server
 * runs (a satellite can start it); a document with no package uses its first remote. The other
 * packages and remotes stay in the kept document and are served back unchanged.
 */
export function toCatalogue(doc: ServerDocument): CatalogueValues | string {
  const runnable = doc.packages?.[0]
    ? fromPackage(doc.packages[0])
    : doc.remotes?.[0]
      ? fromRemote(doc.remotes[0])
      : null;
  if (!runnable) return 'the document has neither packages nor remotes, so nothing could run it';
  return {
    name: (doc.title ?? doc.name.split('/')[1] ?? doc.name).slice(0, 200),
    description: doc.description,
    repositoryUrl: httpUrl(doc.repository?.url),
    homepage: httpUrl(doc.websiteUrl),
    ...runnable,
  };
}

/** A slug from a reverse-DNS name: `io.github.acme/weather` → `io-github-acme-weather`. */
export function slugFor(name: string, salt = ''): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!salt) return base.slice(0, 64).replace(/-+$/, '');
  const suffix = createHash('sha256')
    .update(name + salt)
    .digest('hex')
    .slice(0, 6);
  return `${base.slice(0, 57).replace(/-+$/, '')}-${suffix}`;
}

/** Digest of the catalogue fields an import wrote, to notice later edits made here. */
export function fingerprint(v: CatalogueValues): string {
  const keys: Array<keyof CatalogueValues> = [
    'name',
    'description',
    'repositoryUrl',
    'homepage',
    'transport',
    'runtime',
    'command',
    'package',
    'args',
    'url',
    'configSchema',
  ];
  return digestOf(keys.map((k) => v[k] ?? null));
}

/** JSON with object keys sorted: PostgreSQL's jsonb does not keep the order they were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function digestOf(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('hex');
}
