import { Type } from '@sinclair/typebox';
import { Data, Text } from '../schemas.js';
import { defineSatelliteHandler } from '../types.js';

/** A team's processes went over a resource limit on the satellite: kept in its event history. */
export const resourceLimitExceeded = defineSatelliteHandler({
  type: 'resource.limit.exceeded',
  schema: Data({
    resource_type: Text,
    team_id: Type.Optional(Text),
    current_value: Type.Number(),
    limit_value: Type.Number(),
  }),
});
