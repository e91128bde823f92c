export type SettingType = 'string' | 'number' | 'boolean' | 'secret';
export type SettingValue = string | number | boolean | null;

export interface SettingDefinition {
  key: string;
  group: string;
  type: SettingType;
  default: SettingValue;
  description: string;
  /** Extra checks beyond the type (e.g. a port range); returns a problem or null. */
  check?: (value: SettingValue) => string | null;
}

const port = (value: SettingValue) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 65535
    ? null
    : 'must be an integer from 1 to 65535';

/** Every global setting the service knows. Values live in the database; these are the rules. */
export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  {
    key: 'auth.registration_enabled',
    group: 'auth',
    type: 'boolean',
    default: true,
    description: 'Whether new accounts may register themselves',
  },
  {
    key: 'docs.enabled',
    group: 'general',
    type: 'boolean',
    default: true,
    description: 'Whether /documentation serves the interactive API documentation',
  },
  {
    key: 'registry.public_access',
    group: 'general',
    type: 'boolean',
    default: false,
    description:
      'Whether the MCP registry API (/v0.1) answers anyone; otherwise a session or a registry:read token',
  },
  {
    key: 'smtp.host',
    group: 'smtp',
    type: 'string',
    default: null,
    description: 'SMTP server host name; email is off while it is empty',
  },
  {
    key: 'smtp.port',
    group: 'smtp',
    type: 'number',
    default: 587,
    description: 'SMTP server port',
    check: port,
  },
  {
    key: 'smtp.secure',
    group: 'smtp',
    type: 'boolean',
    default: false,
    description: 'Use implicit TLS (usually port 465); otherwise STARTTLS when offered',
  },
  {
    key: 'smtp.username',
    group: 'smtp',
    type: 'string',
    default: null,
    description: 'SMTP user name, if the server needs one',
  },
  {
    key: 'smtp.password',
    group: 'smtp',
    type: 'secret',
    default: null,
    description: 'SMTP password (kept encrypted, never shown)',
  },
  {
    key: 'smtp.from',
    group: 'smtp',
    type: 'string',
    default: null,
    description: 'Sender address, e.g. "Groundstation <noreply@example.com>"',
  },
];

export const SETTINGS_BY_KEY = new Map(SETTING_DEFINITIONS.map((d) => [d.key, d]));
