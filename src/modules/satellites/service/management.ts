import type { UserActor } from '../../../http/auth/types.js';
import { ValidationError } from '../../../http/errors.js';
import { paginationOf, type Page, type Pagination } from '../../../http/pagination.js';
import type { AuditRequest } from '../../audit/context.js';
import { audit } from '../../audit/writer.js';
import { validResource } from '../../oauth/resource.js';
import { storableText } from '../heartbeat.js';
import type { SatelliteRow } from '../repository.js';
import type { SatelliteAccess } from './access.js';
import type { SatelliteServiceDeps } from './deps.js';
import { satelliteView, type SatelliteView } from './view.js';

type ManagementDeps = Pick<SatelliteServiceDeps, 'db' | 'repository' | 'clock' | 'keys'> & {
  access: SatelliteAccess;
};

export interface UpdateSatelliteInput {
  name?: string;
  disabled?: boolean;
  satellite_url?: string;
}

/** Administrators' view and management of satellite records. */
export interface SatelliteManagement {
  /** Who may manage what: global satellites need the global permission, team ones a team admin. */
  canManage(actor: UserActor, scope: 'global' | 'team', teamId: string | null): Promise<boolean>;
  /** The satellite the caller manages; 404 or 403 otherwise (also before validation). */
  mustManage(actor: UserActor, satelliteId: string): Promise<SatelliteRow>;
  /** A page of the satellites the caller administers. */
  list(
    actor: UserActor,
    page: Page,
  ): Promise<{ satellites: SatelliteView[]; pagination: Pagination }>;
  /** One satellite the caller manages. */
  get(actor: UserActor, id: string): Promise<SatelliteView>;
  /** Renames, disables or enables a satellite, or sets its URL; audited. */
  update(
    actor: UserActor,
    id: string,
    input: UpdateSatelliteInput,
    request: AuditRequest,
  ): Promise<SatelliteView>;
  /** Removes a satellite and its key; audited. */
  remove(actor: UserActor, id: string, request: AuditRequest): Promise<void>;
}

/**
 * A satellite URL as an administrator sets it: an absolute http(s) URL without credentials,
 * fragment or control characters. It becomes the audience its MCP clients' tokens must name, so
 * a value no token can name is refused rather than stored. (Pairing stores the satellite's own
 * value as sent: the DeployStack satellite passes on whatever its operator configured.)
 */
function adminSatelliteUrl(value: string): string {
  if (storableText(value) === null || !validResource(value))
    throw new ValidationError(
      'body.satellite_url must be an absolute http(s) URL without credentials, fragment or control characters',
    );
  return value;
}

async function list(deps: ManagementDeps, actor: UserActor, page: Page) {
  const { items, total } = await deps.repository.list(await deps.access.adminTeamIds(actor), page);
  return { satellites: items.map(satelliteView), pagination: paginationOf(page, total) };
}

async function update(
  deps: ManagementDeps,
  actor: UserActor,
  id: string,
  input: UpdateSatelliteInput,
  request: AuditRequest,
) {
  const { repository, clock } = deps;
  const current = await deps.access.mustManage(actor, id);
  const url =
    input.satellite_url === undefined ? undefined : adminSatelliteUrl(input.satellite_url);
  const row = await deps.db.orm.transaction(async (tx) => {
    const updated = await repository.update(
      id,
      {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.disabled !== undefined
          ? { disabledAt: input.disabled ? (current.disabledAt ?? clock()) : null }
          : {}),
        ...(url !== undefined ? { satelliteUrl: url } : {}),
      },
      tx,
    );
    if (url !== undefined && url !== current.satelliteUrl) {
      // The URL is the audience of the satellite's tokens: who moved it, from where to where.
      await audit(tx, {
        action: 'satellite.url_changed',
        request,
        teamId: current.teamId,
        target: { type: 'satellite', id },
        details: { satellite_url: url, previous_satellite_url: current.satelliteUrl },
      });
    }
    const switched = input.disabled !== undefined && input.disabled !== !!current.disabledAt;
    if (switched) {
      await audit(tx, {
        action: input.disabled ? 'satellite.disabled' : 'satellite.enabled',
        request,
        teamId: current.teamId,
        target: { type: 'satellite', id },
      });
    }
    return updated;
  });
  deps.keys.forget(id);
  return satelliteView(row!);
}

async function remove(deps: ManagementDeps, actor: UserActor, id: string, request: AuditRequest) {
  const current = await deps.access.mustManage(actor, id);
  await deps.db.orm.transaction(async (tx) => {
    await deps.repository.delete(id, tx);
    await audit(tx, {
      action: 'satellite.deleted',
      request,
      teamId: current.teamId,
      target: { type: 'satellite', id },
      details: { name: current.name },
    });
  });
  deps.keys.forget(id);
}

export function satelliteManagement(deps: ManagementDeps): SatelliteManagement {
  const { access } = deps;
  return {
    canManage: access.canManage,
    mustManage: access.mustManage,
    list: (actor, page) => list(deps, actor, page),
    get: async (actor, id) => satelliteView(await access.mustManage(actor, id)),
    update: (actor, id, input, request) => update(deps, actor, id, input, request),
    remove: (actor, id, request) => remove(deps, actor, id, request),
  };
}
