import type { Executor } from '../../db/client.js';
import { flowStore, type FlowStore } from './store-flows.js';
import { instanceReads, type InstanceReads } from './store-instances.js';
import type { Sealer } from './store-seal.js';
import { tokenStore, type TokenStore } from './store-tokens.js';

export type { MemberInstance } from './store-instances.js';
export type { NewTokens, StoredTokens } from './store-tokens.js';

/**
 * What upstream OAuth keeps: members' instances (read), their tokens, sign-ins under way and
 * registered clients. Secrets are encrypted with the sealer (the service's key) on the way in.
 */
export interface UpstreamStore extends InstanceReads, TokenStore, FlowStore {}

export function createUpstreamStore(db: Executor, sealer: Sealer): UpstreamStore {
  return {
    ...instanceReads(db, sealer),
    ...tokenStore(db, sealer),
    ...flowStore(db, sealer),
  };
}
