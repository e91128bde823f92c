import type { ConfigInput, Server, ServerBody, Transport } from './api';

export type Level = 'template' | 'team' | 'user';
export type Kind = 'args' | 'env' | 'headers';
export const LEVELS: Level[] = ['template', 'team', 'user'];
export const KINDS: Kind[] = ['args', 'env', 'headers'];
export const LEVEL_LABEL: Record<Level, string> = {
  template: 'Fixed by the catalogue',
  team: 'Team (filled in once by the installing team)',
  user: 'User (filled in by each member)',
};
export const KIND_LABEL: Record<Kind, string> = {
  args: 'Argument',
  env: 'Environment variable',
  headers: 'HTTP header',
};

export interface FieldRow {
  key: number;
  level: Level;
  kind: Kind;
  name: string;
  description: string;
  required: boolean;
  secret: boolean;
  default: string;
}

export interface ServerFormState {
  name: string;
  slug: string;
  description: string;
  categoryId: string | null;
  tags: string[];
  transport: Transport;
  runtime: string;
  command: string;
  package: string;
  args: string;
  url: string;
  repositoryUrl: string;
  homepage: string;
  language: string;
  featured: boolean;
  deprecated: boolean;
  fields: FieldRow[];
}

let nextKey = 1;
export const newField = (): FieldRow => ({
  key: nextKey++,
  level: 'team',
  kind: 'env',
  name: '',
  description: '',
  required: false,
  secret: false,
  default: '',
});

export const emptyForm = (): ServerFormState => ({
  name: '',
  slug: '',
  description: '',
  categoryId: null,
  tags: [],
  transport: 'stdio',
  runtime: '',
  command: '',
  package: '',
  args: '',
  url: '',
  repositoryUrl: '',
  homepage: '',
  language: '',
  featured: false,
  deprecated: false,
  fields: [],
});

function rowsOf(schema: Server['config_schema']): FieldRow[] {
  return LEVELS.flatMap((level) =>
    KINDS.flatMap((kind) =>
      schema[level][kind].map((f) => ({
        key: nextKey++,
        level,
        kind,
        name: f.name,
        description: f.description ?? '',
        required: f.required,
        secret: f.secret,
        default: f.default ?? '',
      })),
    ),
  );
}

export const formOf = (s: Server): ServerFormState => ({
  name: s.name,
  slug: s.slug,
  description: s.description ?? '',
  categoryId: s.category_id,
  tags: s.tags,
  transport: s.transport,
  runtime: s.runtime ?? '',
  command: s.command ?? '',
  package: s.package ?? '',
  args: s.args.join('\n'),
  url: s.url ?? '',
  repositoryUrl: s.repository_url ?? '',
  homepage: s.homepage ?? '',
  language: s.language ?? '',
  featured: s.featured,
  deprecated: s.status === 'deprecated',
  fields: rowsOf(s.config_schema),
});

function configOf(rows: FieldRow[]): ConfigInput {
  const schema: ConfigInput = {};
  for (const row of rows) {
    const level = (schema[row.level] ??= {});
    (level[row.kind] ??= []).push({
      name: row.name.trim(),
      description: row.description.trim() || null,
      required: row.required,
      secret: row.secret,
      default: row.default === '' ? null : row.default,
    });
  }
  return schema;
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());

/** The API's body for the form: empty text is "none"; how it runs follows the transport. */
export function bodyOf(f: ServerFormState): ServerBody {
  const stdio = f.transport === 'stdio';
  return {
    name: f.name.trim(),
    ...(f.slug.trim() ? { slug: f.slug.trim() } : {}),
    description: text(f.description),
    category_id: f.categoryId,
    tags: f.tags,
    transport: f.transport,
    runtime: stdio ? text(f.runtime) : null,
    command: stdio ? text(f.command) : null,
    package: stdio ? text(f.package) : null,
    args: stdio ? f.args.split('\n').filter((a) => a.trim() !== '') : [],
    url: stdio ? null : text(f.url),
    repository_url: text(f.repositoryUrl),
    homepage: text(f.homepage),
    language: text(f.language),
    featured: f.featured,
    status: f.deprecated ? 'deprecated' : 'active',
    config_schema: configOf(f.fields),
  };
}

const BODY_KEYS = [
  'name',
  'slug',
  'description',
  'category_id',
  'tags',
  'transport',
  'runtime',
  'command',
  'package',
  'args',
  'url',
  'repository_url',
  'homepage',
  'language',
  'featured',
  'status',
  'config_schema',
] as const satisfies ReadonlyArray<keyof ServerBody>;

/** For a change: only what differs from the server as it was, so untouched fields stay as they are. */
export function changesOf(before: ServerFormState, after: ServerFormState): Partial<ServerBody> {
  const old: Partial<ServerBody> = bodyOf(before);
  const now: Partial<ServerBody> = bodyOf(after);
  const changes: Partial<ServerBody> = {};
  for (const key of BODY_KEYS) {
    if (JSON.stringify(old[key]) !== JSON.stringify(now[key])) {
      Object.assign(changes, { [key]: now[key] });
    }
  }
  return changes;
}
