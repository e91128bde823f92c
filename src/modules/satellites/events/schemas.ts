import { Type, type TProperties } from '@sinclair/typebox';

/** Required strings are non-empty; extra fields are allowed (spec: Events, rule 6). */
export const Text = Type.String({ minLength: 1 });
export const Data = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: true });

export const Count = Type.Integer({ minimum: 0 });

/**
 * A process id: the spec's string (the id the configuration gave the process), or the OS pid
 * the DeployStack satellite sends as a number (0 when unknown). See process-ref.ts.
 */
export const ProcessId = Type.Union([Text, Count]);

/** How the DeployStack satellite names the process of a member's instance (see process-ref.ts). */
export const processFields = {
  server_id: Text,
  /** The configuration's map key; the spec's form has the catalogue slug here. */
  server_slug: Text,
  team_id: Text,
  user_id: Type.Optional(Text),
};
