import { Badge, Group, NumberInput, PasswordInput, Switch, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { shown, type Setting, type SettingValue } from './types';

interface FieldProps {
  setting: Setting;
  /** The drafted value, else the setting's effective value. */
  value: SettingValue;
  disabled: boolean;
  onChange(value: SettingValue | undefined): void;
}

function describe(setting: Setting): ReactNode {
  if (setting.type === 'secret') return setting.description;
  return `${setting.description}. Default: ${shown(setting, setting.default)}.`;
}

/** A secret is write-only: the page says whether one is set and never shows it. */
function SecretField({ setting, value, disabled, onChange }: FieldProps) {
  return (
    <PasswordInput
      label={
        <Group gap={6} component="span">
          {setting.key}
          <Badge size="xs" variant="dot" color={setting.is_set ? 'green' : 'gray'}>
            {setting.is_set ? 'set' : 'not set'}
          </Badge>
        </Group>
      }
      description={`${setting.description}. Type a new value to replace it; leave empty to keep it.`}
      autoComplete="new-password"
      disabled={disabled}
      value={typeof value === 'string' ? value : ''}
      // An empty box changes nothing; Reset to default removes a stored secret.
      onChange={(e) => onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
    />
  );
}

/** The input for a setting's type: boolean → switch, number → number, text → text, secret. */
export function SettingField(props: FieldProps) {
  const { setting, value, disabled, onChange } = props;
  switch (setting.type) {
    case 'secret':
      return <SecretField {...props} />;
    case 'boolean':
      return (
        <Switch
          label={setting.key}
          description={describe(setting)}
          disabled={disabled}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'number':
      return (
        <NumberInput
          label={setting.key}
          description={describe(setting)}
          disabled={disabled}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(next === '' ? null : next)}
        />
      );
    case 'string':
      return (
        <TextInput
          label={setting.key}
          description={describe(setting)}
          disabled={disabled}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}
        />
      );
  }
}
