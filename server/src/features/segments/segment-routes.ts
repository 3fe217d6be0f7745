import { Type } from 'typebox';
import {
  AdminSegmentSchema,
  EmptyResponseSchema,
  errorResponses,
  NameSchema,
  SegmentStrategiesSchema,
  SegmentsSchema,
  UpsertSegmentSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { App } from '../../http/app-type';
import { nameExists } from '../../lib/errors';
import { type Actor, actorFromRequest } from '../events';
import { applySegmentOperation, type SegmentOperation, segmentNotFound } from './segment-operations';
import {
  getSegment,
  getSegmentByName,
  listSegments,
  SEGMENT_EXISTS,
  segmentsOfStrategy,
  strategiesUsingSegment,
  toAdminSegment,
} from './segment-store';

const tags = ['Segments'];
const IdParams = Type.Object({ id: Type.Integer() });

/** Segments (shared/unleash/API.md §6 "Segments"). */
export async function segmentRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const apply = <O extends SegmentOperation>(operation: O, actor: Actor) =>
    inTransaction(db, (trx) => applySegmentOperation(trx, operation, actor));

  app.get(
    '/api/admin/segments',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: { operationId: 'getSegments', tags, response: { 200: SegmentsSchema, ...errorResponses(401) } },
    },
    async (request) => {
      // Segments scoped to a private project the caller may not see are left out (issue 24).
      const hidden = await request.hiddenProjects();
      const segments = await listSegments(db);
      return { segments: segments.filter((segment) => !segment.project || !hidden.has(segment.project)) };
    },
  );

  app.post(
    '/api/admin/segments',
    {
      config: { permission: 'CREATE_SEGMENT' },
      schema: {
        operationId: 'createSegment',
        tags,
        body: UpsertSegmentSchema,
        response: { 201: AdminSegmentSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await apply({ kind: 'create-segment', segment: request.body }, actorFromRequest(request))),
  );

  app.post(
    '/api/admin/segments/validate',
    {
      config: { permission: 'CREATE_SEGMENT' },
      schema: {
        operationId: 'validateSegment',
        tags,
        body: NameSchema,
        response: { 204: EmptyResponseSchema, ...errorResponses(400, 401, 409, 415) },
      },
    },
    async (request, reply) => {
      if (await getSegmentByName(db, request.body.name)) throw nameExists(SEGMENT_EXISTS);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/admin/segments/strategies/:strategyId',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getSegmentsByStrategyId',
        tags,
        params: Type.Object({ strategyId: Type.String() }),
        response: { 200: SegmentsSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      segments: (await segmentsOfStrategy(db, request.params.strategyId)).map((row) => toAdminSegment(row)),
    }),
  );

  app.get(
    '/api/admin/segments/:id',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getSegment',
        tags,
        params: IdParams,
        response: { 200: AdminSegmentSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const segment = await getSegment(db, request.params.id);
      if (!segment) throw segmentNotFound(request.params.id);
      return toAdminSegment(segment);
    },
  );

  app.put(
    '/api/admin/segments/:id',
    {
      config: { permission: 'UPDATE_SEGMENT' },
      schema: {
        operationId: 'updateSegment',
        tags,
        params: IdParams,
        body: UpsertSegmentSchema,
        response: { 204: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request, reply) => {
      await apply(
        { kind: 'update-segment', id: request.params.id, segment: request.body },
        actorFromRequest(request),
      );
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/admin/segments/:id',
    {
      config: { permission: 'DELETE_SEGMENT' },
      schema: {
        operationId: 'removeSegment',
        tags,
        params: IdParams,
        response: { 204: EmptyResponseSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request, reply) => {
      await apply({ kind: 'delete-segment', id: request.params.id }, actorFromRequest(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/admin/segments/:id/strategies',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getStrategiesBySegmentId',
        tags,
        params: IdParams,
        response: { 200: SegmentStrategiesSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      strategies: await strategiesUsingSegment(db, request.params.id),
      changeRequestStrategies: [],
    }),
  );
}
