import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { userActor } from '../../http/auth/actor.js';
import { auth } from '../../http/auth/declare.js';
import { teamWithin } from '../../http/auth/token-team.js';
import { pagedRouteWithStream } from '../../http/stream/paged-route.js';
import type { StreamSource } from '../../http/stream/source.js';
import { ActivityItem, ClientActivityQuery, type ActivityView } from './schemas.js';
import type { ActivityFilters } from './source.js';
import { streamTopics } from '../../http/stream/signals.js';

/** The caller's own MCP activity: a REST page and its live stream. */
export const clientActivityRoutes: FastifyPluginAsyncTypebox<{
  source: StreamSource<ActivityFilters, ActivityView>;
}> = async (app, { source }) => {
  pagedRouteWithStream(app, {
    url: '/api/users/me/mcp/client-activity',
    // The command-line client reads it with an access token; the web app with its session.
    auth: auth.user({ scope: 'mcp:read' }),
    tags: ['Users'],
    querystring: ClientActivityQuery,
    list: {
      operationId: 'listClientActivity',
      summary: 'The caller’s tool executions, requests and MCP client reports, newest first',
      description:
        'Tool executions and request log entries that satellites attributed to the caller, and ' +
        'client reports (kind `client`: what one of the caller’s MCP clients did through a ' +
        'satellite in one period), ordered by when the service recorded them. A call reported ' +
        'as a request log entry appears once, as the request.',
    },
    stream: {
      operationId: 'streamClientActivity',
      summary:
        'The caller’s tool executions, requests and client reports as they arrive (Server-Sent Events)',
      description:
        'Same query as the list; `limit` and `offset` are checked but the stream always starts ' +
        'from the newest activity.',
    },
    itemsKey: 'activity',
    item: ActivityItem,
    eventName: 'activity',
    source,
    filters: (request) => ({
      userId: userActor(request).userId,
      // A team-bound access token sees its own team's activity only.
      teamId: teamWithin(request.actor, request.query.team_id),
      installationId: request.query.installation_id ?? null,
      since: request.query.since ?? null,
    }),
    topics: (filters) => [streamTopics.activity(filters.userId)],
  });
};
