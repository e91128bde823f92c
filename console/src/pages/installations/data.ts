// What the installation pages read from the API, and the types they share (all inferred from the
// generated API description).
import { api, unwrap } from '../../api/client';

export const PAGE_SIZE = 20;

export function fetchInstallations(teamId: string, offset: number, limit = PAGE_SIZE) {
  return unwrap(
    api.GET('/api/teams/{teamId}/mcp/installations', {
      params: { path: { teamId }, query: { limit: String(limit), offset: String(offset) } },
    }),
  );
}

export async function fetchInstallation(teamId: string, installationId: string) {
  const data = await unwrap(
    api.GET('/api/teams/{teamId}/mcp/installations/{installationId}', {
      params: { path: { teamId, installationId } },
    }),
  );
  return data.installation;
}

export async function fetchServer(id: string) {
  const data = await unwrap(api.GET('/api/mcp/servers/{id}', { params: { path: { id } } }));
  return data.server;
}

export function fetchTools(teamId: string, installationId: string, offset: number, limit: number) {
  return unwrap(
    api.GET('/api/teams/{teamId}/mcp/installations/{installationId}/tools', {
      params: {
        path: { teamId, installationId },
        query: { limit: String(limit), offset: String(offset) },
      },
    }),
  );
}

export type Installation = Awaited<ReturnType<typeof fetchInstallation>>;
export type MyInstance = NonNullable<Installation['my_instance']>;
export type InstanceStatus = MyInstance['status'];
export type CatalogueServer = Awaited<ReturnType<typeof fetchServer>>;
export type ConfigSection = CatalogueServer['config_schema']['team'];
export type ConfigField = ConfigSection['env'][number];
export type ConfigValues = Installation['team_config'];
export type Tool = Awaited<ReturnType<typeof fetchTools>>['tools'][number];

/** What each panel of an installation's page is given. */
export interface PanelsProps {
  teamId: string;
  installation: Installation;
  server: CatalogueServer;
}

/** Query keys: everything of one installation starts with the same prefix. */
export const keys = {
  installations: (teamId: string) => ['team', teamId, 'installations'] as const,
  installation: (teamId: string, id: string) => ['team', teamId, 'installation', id] as const,
  server: (id: string) => ['catalogue', 'server', id] as const,
};
