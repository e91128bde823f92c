import { api, unwrap } from '../../api/client';

export const fetchAuthorizedClients = () =>
  unwrap(api.GET('/api/oauth2/authorized-clients')).then((d) => d.clients);
export const fetchGrants = () => unwrap(api.GET('/api/oauth2/grants')).then((d) => d.grants);

export type AuthorizedClient = Awaited<ReturnType<typeof fetchAuthorizedClients>>[number];
export type Grant = Awaited<ReturnType<typeof fetchGrants>>[number];

export const KIND_LABEL: Record<AuthorizedClient['client_kind'], string> = {
  first_party: 'Groundstation client',
  dynamic: 'Registered app',
  metadata_document: 'App with a metadata document',
};

/** Both lists describe the same approvals: a change to one is a change to the other. */
export const OAUTH_KEY = ['oauth'] as const;
