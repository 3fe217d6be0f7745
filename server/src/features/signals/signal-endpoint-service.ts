import { createHash, randomBytes } from 'node:crypto';
import type {
  CreateSignalEndpoint,
  SignalEndpoint,
  SignalEndpointSignal,
  SignalEndpointToken,
  UpdateSignalEndpoint,
} from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { hasFields } from '../../db/update-fields';
import type { AuditActor } from '../../lib/caller';
import { ApiError, notFound } from '../../lib/errors';
import { appendEvent } from '../events';
import {
  countSignalEndpoints,
  countSignalEndpointTokens,
  deleteSignalEndpoint,
  deleteSignalEndpointToken,
  findSignalEndpointToken,
  getSignalEndpoint,
  getSignalEndpointByName,
  getSignalEndpointToken,
  insertSignal,
  insertSignalEndpoint,
  insertSignalEndpointToken,
  listSignalEndpoints,
  listSignalEndpointTokens,
  listSignalsOfEndpoint,
  lockSignalEndpoint,
  renameSignalEndpointToken,
  type SignalEndpointRecord,
  type SignalEndpointTokenRecord,
  type SignalRecord,
  updateSignalEndpoint,
} from './signal-endpoint-store';

/** Unleash's resource limits (shared/unleash/API.md §6 "Limits"). */
export const SIGNAL_ENDPOINT_LIMIT = 5;
export const SIGNAL_TOKENS_PER_ENDPOINT_LIMIT = 5;
/** Signals kept per endpoint; older ones are pruned as new ones arrive. */
export const SIGNALS_KEPT_PER_ENDPOINT = 100;

export const hashSignalToken = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

export function exceedsLimit(what: string, limit: number): ApiError {
  return new ApiError(
    'ExceedsLimitError',
    `Failed to create ${what}. You can't create more than the established limit of ${limit}.`,
  );
}

const endpointNotFound = (id: number | string) => notFound(`Could not find signal endpoint with id ${id}.`);

export function toSignalEndpointToken(
  record: SignalEndpointTokenRecord,
  token?: string,
): SignalEndpointToken {
  return {
    id: record.id,
    name: record.name,
    signalEndpointId: record.signalEndpointId,
    createdAt: record.createdAt.toISOString(),
    createdByUserId: record.createdByUserId,
    ...(token ? { token } : {}),
  };
}

function toSignalEndpoint(
  record: SignalEndpointRecord,
  tokens: SignalEndpointTokenRecord[],
  url?: string,
): SignalEndpoint {
  return {
    id: record.id,
    enabled: record.enabled,
    name: record.name,
    createdAt: record.createdAt.toISOString(),
    createdByUserId: record.createdByUserId,
    description: record.description,
    ...(url ? { url } : {}),
    tokens: tokens.map((token) => toSignalEndpointToken(token)),
  };
}

const endpointData = (record: SignalEndpointRecord) => ({
  id: record.id,
  name: record.name,
  enabled: record.enabled,
  description: record.description,
});
const tokenData = (record: SignalEndpointTokenRecord) => ({
  id: record.id,
  name: record.name,
  signalEndpointId: record.signalEndpointId,
});

export type SignalEndpointService = ReturnType<typeof createSignalEndpointService>;

/**
 * Signal endpoints and their tokens (admin), and receiving signals (public). Every change is
 * one transaction with its event; a token's secret leaves the server once, in its creation answer.
 */
export function createSignalEndpointService(db: Db) {
  return {
    ...createEndpointOperations(db),
    ...createEndpointTokenOperations(db),
    ...createSignalOperations(db),
  };
}

/** Listing, creating, changing and removing the endpoints themselves. */
function createEndpointOperations(db: Db) {
  async function withTokens(record: SignalEndpointRecord, url?: string): Promise<SignalEndpoint> {
    return toSignalEndpoint(record, await listSignalEndpointTokens(db, [record.id]), url);
  }

  return {
    async list(): Promise<SignalEndpoint[]> {
      const endpoints = await listSignalEndpoints(db);
      const tokens = await listSignalEndpointTokens(
        db,
        endpoints.map((endpoint) => endpoint.id),
      );
      return endpoints.map((endpoint) =>
        toSignalEndpoint(
          endpoint,
          tokens.filter((token) => token.signalEndpointId === endpoint.id),
        ),
      );
    },

    async create(body: CreateSignalEndpoint, actor: AuditActor, urlOf: (name: string) => string) {
      const record = await inTransaction(db, async (trx) => {
        if ((await countSignalEndpoints(trx)) >= SIGNAL_ENDPOINT_LIMIT) {
          throw exceedsLimit('signal endpoint', SIGNAL_ENDPOINT_LIMIT);
        }
        const created = await insertSignalEndpoint(trx, {
          name: body.name,
          enabled: body.enabled ?? true,
          description: body.description ?? null,
          createdByUserId: actor.createdByUserId,
        });
        await appendEvent(trx, { type: 'signal-endpoint-created', ...actor, data: endpointData(created) });
        return created;
      });
      return toSignalEndpoint(record, [], urlOf(record.name));
    },

    async update(
      id: number,
      changes: UpdateSignalEndpoint,
      actor: AuditActor,
      urlOf: (name: string) => string,
    ) {
      const record = await inTransaction(db, async (trx) => {
        const before = await getSignalEndpoint(trx, id);
        if (!before) throw endpointNotFound(id);
        // An update naming no field changes nothing and logs nothing (issue 31 §6).
        if (!hasFields(changes)) return before;
        const after = await updateSignalEndpoint(trx, id, changes);
        if (!after) throw endpointNotFound(id);
        await appendEvent(trx, {
          type: 'signal-endpoint-updated',
          ...actor,
          data: endpointData(after),
          preData: endpointData(before),
        });
        return after;
      });
      return withTokens(record, urlOf(record.name));
    },

    async remove(id: number, actor: AuditActor): Promise<void> {
      await inTransaction(db, async (trx) => {
        const before = await getSignalEndpoint(trx, id);
        if (!before) throw endpointNotFound(id);
        await deleteSignalEndpoint(trx, id);
        await appendEvent(trx, { type: 'signal-endpoint-deleted', ...actor, preData: endpointData(before) });
      });
    },

    async exists(id: number): Promise<boolean> {
      return (await getSignalEndpoint(db, id)) !== undefined;
    },
  };
}

/** An endpoint's tokens; a token's secret is returned once, by `createToken`. */
function createEndpointTokenOperations(db: Db) {
  return {
    async listTokens(signalEndpointId: number): Promise<SignalEndpointToken[]> {
      if (!(await getSignalEndpoint(db, signalEndpointId))) throw endpointNotFound(signalEndpointId);
      return (await listSignalEndpointTokens(db, [signalEndpointId])).map((token) =>
        toSignalEndpointToken(token),
      );
    },

    async createToken(
      signalEndpointId: number,
      name: string,
      actor: AuditActor,
    ): Promise<SignalEndpointToken> {
      const secret = randomBytes(32).toString('hex');
      const record = await inTransaction(db, async (trx) => {
        // Locks the endpoint row so two concurrent creations cannot both pass the limit.
        const endpoint = await lockSignalEndpoint(trx, signalEndpointId);
        if (!endpoint) throw endpointNotFound(signalEndpointId);
        if ((await countSignalEndpointTokens(trx, signalEndpointId)) >= SIGNAL_TOKENS_PER_ENDPOINT_LIMIT) {
          throw exceedsLimit('signal endpoint token', SIGNAL_TOKENS_PER_ENDPOINT_LIMIT);
        }
        const created = await insertSignalEndpointToken(trx, {
          signalEndpointId,
          name,
          secretHash: hashSignalToken(secret),
          createdByUserId: actor.createdByUserId,
        });
        await appendEvent(trx, { type: 'signal-endpoint-token-created', ...actor, data: tokenData(created) });
        return created;
      });
      return toSignalEndpointToken(record, secret);
    },

    async renameToken(signalEndpointId: number, id: number, name: string, actor: AuditActor) {
      const record = await inTransaction(db, async (trx) => {
        const before = await getSignalEndpointToken(trx, signalEndpointId, id);
        if (!before) throw notFound(`Could not find signal endpoint token with id ${id}.`);
        const after = await renameSignalEndpointToken(trx, id, name);
        if (!after) throw notFound(`Could not find signal endpoint token with id ${id}.`);
        await appendEvent(trx, {
          type: 'signal-endpoint-token-updated',
          ...actor,
          data: tokenData(after),
          preData: tokenData(before),
        });
        return after;
      });
      return toSignalEndpointToken(record);
    },

    async removeToken(signalEndpointId: number, id: number, actor: AuditActor): Promise<void> {
      await inTransaction(db, async (trx) => {
        const before = await getSignalEndpointToken(trx, signalEndpointId, id);
        if (!before) throw notFound(`Could not find signal endpoint token with id ${id}.`);
        await deleteSignalEndpointToken(trx, id);
        await appendEvent(trx, {
          type: 'signal-endpoint-token-deleted',
          ...actor,
          preData: tokenData(before),
        });
      });
    },
  };
}

/** The signals an endpoint received: reading them (admin) and receiving one (public). */
function createSignalOperations(db: Db) {
  return {
    async signals(
      signalEndpointId: number,
      page: { limit: number; offset: number },
    ): Promise<SignalEndpointSignal[]> {
      if (!(await getSignalEndpoint(db, signalEndpointId))) throw endpointNotFound(signalEndpointId);
      return (await listSignalsOfEndpoint(db, signalEndpointId, page)).map((signal) => ({
        id: signal.id,
        payload: signal.payload,
        createdAt: signal.createdAt.toISOString(),
        tokenName: signal.tokenName,
      }));
    },

    /**
     * Stores a signal sent to `/api/signal-endpoint/{name}`. An unknown or disabled endpoint is a
     * 404 and a wrong token a 401, as Unleash answers; the secret is checked by its hash only.
     */
    async receive(
      name: string,
      secret: string | undefined,
      payload: Record<string, unknown>,
    ): Promise<SignalRecord> {
      const endpoint = await getSignalEndpointByName(db, name);
      if (!endpoint?.enabled) throw notFound(`Could not find signal endpoint with name ${name}.`);
      const token = secret
        ? await findSignalEndpointToken(db, endpoint.id, hashSignalToken(secret))
        : undefined;
      if (!token)
        throw new ApiError('AuthenticationRequired', 'You need to provide a valid signal endpoint token.');
      return inTransaction(db, (trx) =>
        insertSignal(
          trx,
          { sourceId: endpoint.id, tokenId: token.id, tokenName: token.name, payload },
          SIGNALS_KEPT_PER_ENDPOINT,
        ),
      );
    },
  };
}
