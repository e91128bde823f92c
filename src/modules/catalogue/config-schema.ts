import type { Static } from '@sinclair/typebox';
import type { ConfigField, ConfigSchema, ConfigSection } from '../../db/schema/index.js';
import { ValidationError } from '../../http/errors.js';
import type { ConfigSchemaInput } from './schemas.js';

type FieldInput = Partial<ConfigField> & { name: string };
type SectionInput = Partial<Record<keyof ConfigSection, FieldInput[]>>;

function normalizeSection(section: SectionInput | undefined, path: string): ConfigSection {
  const out: ConfigSection = { args: [], env: [], headers: [] };
  for (const kind of ['args', 'env', 'headers'] as const) {
    const seen = new Set<string>();
    for (const f of section?.[kind] ?? []) {
      if (seen.has(f.name)) throw new ValidationError(`${path}.${kind} names ${f.name} twice`);
      seen.add(f.name);
      out[kind].push({
        name: f.name,
        description: f.description ?? null,
        required: f.required ?? false,
        secret: f.secret ?? false,
        default: f.default ?? null,
      });
    }
  }
  return out;
}

/** Fills in every level and field so that stored schemas always have the full shape. */
export function normalizeConfigSchema(
  input: Static<typeof ConfigSchemaInput> | undefined,
): ConfigSchema {
  const path = 'body.config_schema';
  return {
    template: normalizeSection(input?.template, `${path}.template`),
    team: normalizeSection(input?.team, `${path}.team`),
    user: normalizeSection(input?.user, `${path}.user`),
  };
}
