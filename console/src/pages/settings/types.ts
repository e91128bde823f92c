import type { operations } from '../../api/schema';

type List = operations['listSettings']['responses'][200]['content']['application/json'];
export type SettingsGroup = List['data']['groups'][number];
export type Setting = SettingsGroup['settings'][number];
export type SettingValue = Setting['value'];

/** Drafted values by key: only the settings changed since the last save. */
export type Drafts = Record<string, SettingValue>;

const GROUP_TITLES: Record<string, string> = {
  auth: 'Accounts and sign-in',
  general: 'General',
  smtp: 'Email (SMTP)',
};

/** A group's heading: a readable title for the groups we know, the API's name otherwise. */
export const groupTitle = (group: string) =>
  GROUP_TITLES[group] ?? group.charAt(0).toUpperCase() + group.slice(1);

/** A value as a person reads it, for "Default: …". */
export function shown(setting: Setting, value: SettingValue): string {
  if (value === null || value === '') return 'empty';
  if (setting.type === 'boolean') return value === true ? 'on' : 'off';
  return String(value);
}
