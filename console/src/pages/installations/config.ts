// Configuration forms built from a catalogue server's schema (one level: team or user). Secrets
// are write-only: the API shows a stored one as a mask, the form never holds it, and an empty
// secret field keeps what is stored.
import type { ConfigField, ConfigSection, ConfigValues } from './data';

export const KINDS = ['args', 'env', 'headers'] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_LABEL: Record<Kind, string> = {
  args: 'Argument',
  env: 'Environment variable',
  headers: 'HTTP header',
};

/** What the API takes: values by field name; null removes one; a field left out is kept. */
export type ValuesInput = Partial<Record<Kind, Record<string, string | null>>>;

/** The form's text per field, by `kind:name`. */
export type Draft = Record<string, string>;

export interface FieldRef {
  kind: Kind;
  field: ConfigField;
  key: string;
}

export const keyOf = (kind: Kind, name: string) => `${kind}:${name}`;

export function fieldsOf(section: ConfigSection): FieldRef[] {
  return KINDS.flatMap((kind) =>
    section[kind].map((field) => ({ kind, field, key: keyOf(kind, field.name) })),
  );
}

/** A stored value, never one inherited from Object.prototype (field names are free text). */
export function storedValue(
  stored: ConfigValues | undefined,
  kind: Kind,
  name: string,
): string | undefined {
  const values = stored?.[kind];
  return values && Object.hasOwn(values, name) ? values[name] : undefined;
}

/** The form's starting text: stored plain values; secrets always start empty. */
export function initialDraft(section: ConfigSection, stored?: ConfigValues): Draft {
  const draft: Draft = {};
  for (const { kind, field, key } of fieldsOf(section)) {
    draft[key] = field.secret ? '' : (storedValue(stored, kind, field.name) ?? '');
  }
  return draft;
}

/**
 * What to send: new or changed values; a cleared plain value is removed (null); an empty secret
 * is left out, which keeps the stored one.
 */
export function toInput(section: ConfigSection, draft: Draft, stored?: ConfigValues): ValuesInput {
  const input: ValuesInput = {};
  for (const { kind, field, key } of fieldsOf(section)) {
    const text = draft[key] ?? '';
    const before = storedValue(stored, kind, field.name);
    let value: string | null | undefined;
    if (field.secret) value = text === '' ? undefined : text;
    else if (text === '') value = before === undefined ? undefined : null;
    else value = text === before ? undefined : text;
    if (value === undefined) continue;
    const values = (input[kind] ??= {});
    Object.defineProperty(values, field.name, { value, enumerable: true, writable: true });
  }
  return input;
}

export const hasFields = (section: ConfigSection) => fieldsOf(section).length > 0;
