import type { Database } from '../../db/client.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import { NotFoundError, ValidationError } from '../../http/errors.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import {
  SETTING_DEFINITIONS,
  SETTINGS_BY_KEY,
  type SettingDefinition,
  type SettingType,
  type SettingValue,
} from './definitions.js';
import type { SettingsRepository } from './repository.js';
import type { Remembered } from '../../lib/remembered.js';

/** The database's signal that the stored settings changed (migration 0027). */
export const SETTINGS_TOPIC = 'settings';
const EVERY_SETTING = 'all';

/** Every stored value by key, as the database holds it (secrets encrypted). */
export type StoredSettings = ReadonlyMap<string, string>;

function definitionOf(key: string): SettingDefinition {
  const definition = SETTINGS_BY_KEY.get(key);
  if (!definition) throw new NotFoundError(`Unknown setting ${key}`);
  return definition;
}

function checkValue(definition: SettingDefinition, value: SettingValue, path: string) {
  if (value === null) return;
  const expected = definition.type === 'secret' ? 'string' : definition.type;
  if (typeof value !== expected) throw new ValidationError(`${path} must be a ${expected} or null`);
  if (typeof value === 'string' && value.length > 2000) {
    throw new ValidationError(`${path} must be at most 2000 characters`);
  }
  const problem = definition.check?.(value);
  if (problem) throw new ValidationError(`${path} ${problem}`);
}

interface SettingsDeps {
  db: Database;
  repository: SettingsRepository;
  encryptionKey: Buffer;
  /** The stored settings, remembered while this replica hears the `settings` signal. */
  remembered: Remembered<StoredSettings>;
}

/** One setting as clients see it. */
export interface SettingView {
  key: string;
  group: string;
  type: SettingType;
  description: string;
  value: SettingValue;
  is_set: boolean;
  default: SettingValue;
}

/** Reading the settings: as clients see them, and the effective values for the service itself. */
export interface SettingsReads {
  /** Every setting, by group in definition order. */
  list(): Promise<Array<{ group: string; settings: SettingView[] }>>;
  /** One setting; 404 for an unknown key. */
  get(key: string): Promise<SettingView>;
  /** The effective values (decrypted), for the service's own use only. */
  values<K extends string>(keys: readonly K[]): Promise<Record<K, SettingValue>>;
  /** Whether a boolean setting is on. */
  flag(key: string): Promise<boolean>;
}

/** Changing the settings, each change audited. */
export interface SettingsWrites {
  /** Sets several values at once, all or none. `null` stores an explicit empty value. */
  set(
    values: Record<string, SettingValue>,
    updatedBy: string,
    request: AuditRequest,
  ): Promise<SettingView[]>;
  /** Returns a setting to its default. */
  reset(key: string, request: AuditRequest): Promise<SettingView>;
}

export interface SettingsService extends SettingsReads, SettingsWrites {}

/** The stored values and their encoding, shared by reads and writes. */
interface SettingsStore {
  /** The stored value of a setting, encrypted when it is a secret. */
  encode(d: SettingDefinition, value: SettingValue): string;
  /** A stored value as the setting's value, decrypted when it is a secret. */
  decode(d: SettingDefinition, stored: string): SettingValue;
  /** What clients see: secrets only say whether they are set. */
  view(d: SettingDefinition, stored: string | undefined): SettingView;
  /** Every stored value, remembered between changes. */
  storedMap(): Promise<StoredSettings>;
}

export function createSettingsService(deps: SettingsDeps): SettingsService {
  const store = settingsStore(deps);
  return { ...settingsReads(store), ...settingsWrites(deps, store) };
}

function settingsStore({ repository, encryptionKey, remembered }: SettingsDeps): SettingsStore {
  const decode = (d: SettingDefinition, stored: string): SettingValue =>
    d.type === 'secret'
      ? decryptSecret(stored, encryptionKey)
      : (JSON.parse(stored) as SettingValue);

  return {
    encode: (d, value) =>
      d.type === 'secret' && typeof value === 'string'
        ? encryptSecret(value, encryptionKey)
        : JSON.stringify(value),
    decode,
    view(d, stored) {
      const isSet = stored !== undefined;
      const value = isSet ? decode(d, stored) : d.default;
      return {
        key: d.key,
        group: d.group,
        type: d.type,
        description: d.description,
        value: d.type === 'secret' ? null : value,
        is_set: isSet && value !== null,
        default: d.type === 'secret' ? null : d.default,
      };
    },
    /**
     * The stored values: a few dozen rows at most, read whole and remembered, so that reading a
     * setting (the API, the mailer) costs no query while nothing changes them.
     */
    async storedMap() {
      const known = remembered.get(EVERY_SETTING);
      if (known) return known;
      const epoch = remembered.epoch();
      const rows = await repository.all();
      const stored = new Map(rows.map((r) => [r.key, r.value]));
      remembered.remember(epoch, [[EVERY_SETTING, stored]]);
      return stored;
    },
  };
}

function settingsReads({ storedMap, view, decode }: SettingsStore): SettingsReads {
  async function values<K extends string>(keys: readonly K[]): Promise<Record<K, SettingValue>> {
    const stored = await storedMap();
    const result = {} as Record<K, SettingValue>;
    for (const key of keys) {
      const d = definitionOf(key);
      const raw = stored.get(key);
      result[key] = raw === undefined ? d.default : decode(d, raw);
    }
    return result;
  }

  return {
    async list() {
      const stored = await storedMap();
      const groups = new Map<string, SettingView[]>();
      for (const d of SETTING_DEFINITIONS) {
        const list = groups.get(d.group) ?? [];
        list.push(view(d, stored.get(d.key)));
        groups.set(d.group, list);
      }
      return [...groups].map(([group, settings]) => ({ group, settings }));
    },
    async get(key) {
      const d = definitionOf(key);
      return view(d, (await storedMap()).get(key));
    },
    values,
    async flag(key) {
      const { [key]: value } = await values([key]);
      return value === true;
    },
  };
}

function settingsWrites(
  { db, repository, remembered }: SettingsDeps,
  { storedMap, view, encode }: SettingsStore,
): SettingsWrites {
  return {
    async set(values, updatedBy, request) {
      const entries = Object.entries(values);
      if (entries.length === 0)
        throw new ValidationError('body.values must name at least one setting');
      const checked = entries.map(([key, value]) => {
        const d = SETTINGS_BY_KEY.get(key);
        if (!d) throw new ValidationError(`body.values.${key} is not a known setting`);
        checkValue(d, value, `body.values.${key}`);
        return { d, value };
      });
      await db.orm.transaction(async (tx) => {
        for (const { d, value } of checked)
          await repository.upsert(d.key, encode(d, value), updatedBy, tx);
        // Keys only: values may be secrets (SMTP password) and are not the log's business.
        await audit(tx, {
          action: 'settings.changed',
          request,
          target: { type: 'settings', id: null },
          details: { keys: checked.map((c) => c.d.key), change: 'set' },
        });
      });
      // Forgotten here before the answer; other replicas hear the database's signal.
      remembered.forgetAll();
      const stored = await storedMap();
      return checked.map(({ d }) => view(d, stored.get(d.key)));
    },
    async reset(key, request) {
      const d = definitionOf(key);
      await db.orm.transaction(async (tx) => {
        await repository.remove(key, tx);
        await audit(tx, {
          action: 'settings.changed',
          request,
          target: { type: 'settings', id: null },
          details: { keys: [key], change: 'reset' },
        });
      });
      remembered.forgetAll();
      return view(d, undefined);
    },
  };
}
