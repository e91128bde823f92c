import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum, Success } from '../../http/schemas.js';
import { Satellite } from './schemas.js';

// Like every satellite route, registration accepts and ignores fields it does not know
// (additionalProperties: true): newer satellites add some. The fields listed are still checked.

/** Text that PostgreSQL can store: no control characters (NUL would be refused). */
const PRINTABLE = '^[^\\u0000-\\u001f\\u007f]*$';

export const RegisterBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'The DeployStack satellite sends 10 to 32 characters of a-z, 0-9, - and _',
    }),
    capabilities: Type.Optional(
      Type.Union(
        [
          Type.Array(Type.String({ maxLength: 100 }), {
            maxItems: 100,
            description: 'What the satellite can run, e.g. ["stdio", "http", "sse"]',
          }),
          Type.Record(Type.String(), Type.Unknown(), {
            description: 'Older form: a free-form object',
          }),
        ],
        { description: 'A list of strings, or (older form) an object' },
      ),
    ),
    system_info: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'Free-form, e.g. {os, arch, node_version, memory_mb}',
      }),
    ),
    satellite_url: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: 2048,
          pattern: PRINTABLE,
          description:
            'Where the satellite can be reached, stored as sent: the DeployStack satellite passes ' +
            'on what its operator configured, which may lack a scheme',
        }),
      ),
    ),
  },
  { additionalProperties: true },
);

const PairedSatellite = Type.Object({
  id: Type.String(),
  name: Type.String(),
  api_key: Type.String({ description: 'ssk_<key id>_<secret>; shown only this once' }),
  type: StringEnum(['global', 'team']),
  team_id: Nullable(Type.String()),
  status: Type.String(),
});

/**
 * The envelope, and at the top level `satellite` with the key inside it, where the DeployStack
 * satellite reads its credentials.
 */
export const PairedResponse = Type.Object({
  ...Success(
    Type.Object({
      satellite: Satellite,
      api_key: Type.String({ description: 'ssk_<key id>_<secret>; shown only this once' }),
    }),
  ).properties,
  satellite: PairedSatellite,
});
