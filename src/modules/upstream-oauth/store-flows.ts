import { and, eq, gt, lt } from 'drizzle-orm';
import type { OAuthClientInformationMixed } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Executor } from '../../db/client.js';
import { upstreamOauthClients, upstreamOauthFlows } from '../../db/schema/index.js';
import type { Sealer } from './store-seal.js';

/** A started sign-in as given to the store: its verifier and client secret not yet sealed. */
export type NewFlow = Omit<
  typeof upstreamOauthFlows.$inferInsert,
  'codeVerifier' | 'clientSecret'
> & {
  codeVerifier: string;
  clientSecret: string | null;
};

/** A started sign-in as taken back: its verifier opened, its client ready for the SDK. */
export type TakenFlow = typeof upstreamOauthFlows.$inferSelect & {
  codeVerifier: string;
  client: OAuthClientInformationMixed;
};

/** Clients registered dynamically at authorization servers, by server and redirect URI. */
export interface RegisteredClients {
  /** The client registered under `key`, or null. */
  find(key: string): Promise<OAuthClientInformationMixed | null>;
  /** Keeps a newly registered client; the first one kept under `key` stays. */
  save(key: string, client: OAuthClientInformationMixed): Promise<void>;
}

/** Sign-ins under way (their `state`, PKCE verifier and client), and registered clients. */
export interface FlowStore {
  /** Keeps a started sign-in, its verifier and client secret encrypted. */
  insertFlow(flow: NewFlow): Promise<void>;
  /** Takes a flow by its state's hash: deleted as it is read, so it is used once. */
  takeFlow(stateHash: string, now: Date): Promise<TakenFlow | null>;
  /** Deletes sign-ins that expired before `now`. */
  deleteExpiredFlows(now: Date): Promise<void>;
  /** Dynamically registered clients. */
  registered: RegisteredClients;
}

function registeredClients(db: Executor, sealer: Sealer): RegisteredClients {
  return {
    async find(key) {
      const [row] = await db
        .select()
        .from(upstreamOauthClients)
        .where(eq(upstreamOauthClients.key, key));
      return row ? sealer.clientOf(row.clientId, sealer.open(row.clientSecret)) : null;
    },
    async save(key, client) {
      await db
        .insert(upstreamOauthClients)
        .values({
          key,
          clientId: client.client_id,
          clientSecret: sealer.seal(client.client_secret),
        })
        .onConflictDoNothing();
    },
  };
}

export function flowStore(db: Executor, sealer: Sealer): FlowStore {
  const { seal, open, clientOf } = sealer;
  return {
    async insertFlow(flow) {
      await db.insert(upstreamOauthFlows).values({
        ...flow,
        codeVerifier: seal(flow.codeVerifier)!,
        clientSecret: seal(flow.clientSecret),
      });
    },
    async takeFlow(stateHash, now) {
      const [row] = await db
        .delete(upstreamOauthFlows)
        .where(
          and(eq(upstreamOauthFlows.stateHash, stateHash), gt(upstreamOauthFlows.expiresAt, now)),
        )
        .returning();
      if (!row) return null;
      return {
        ...row,
        codeVerifier: open(row.codeVerifier)!,
        client: clientOf(row.clientId, open(row.clientSecret)),
      };
    },
    async deleteExpiredFlows(now) {
      await db.delete(upstreamOauthFlows).where(lt(upstreamOauthFlows.expiresAt, now));
    },
    registered: registeredClients(db, sealer),
  };
}
