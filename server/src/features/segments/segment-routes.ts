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
import type { App } from '../../http/app-type';
import { actorFromRequest } from '../events';
import { createSegmentService, type SegmentService } from './segment-service';

const tags = ['Segments'];
const IdParams = Type.Object({ id: Type.Integer() });

/** List, create and validate segments, and the segments of a strategy. */
function registerSegmentListRoutes(app: App, service: SegmentService): void {
  app.get(
    '/api/admin/segments',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: { operationId: 'getSegments', tags, response: { 200: SegmentsSchema, ...errorResponses(401) } },
    },
    async (request) => {
      // Segments scoped to a private project the caller may not see are left out (issue 24).
      const hidden = await request.hiddenProjects();
      const segments = await service.list();
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
        .send(
          await service.apply({ kind: 'create-segment', segment: request.body }, actorFromRequest(request)),
        ),
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
      await service.validateName(request.body.name);
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
      segments: await service.listOfStrategy(request.params.strategyId),
    }),
  );
}

/** One segment: read, update, delete, and the strategies using it. */
function registerSegmentItemRoutes(app: App, service: SegmentService): void {
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
      return service.get(request.params.id);
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
      await service.apply(
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
      await service.apply({ kind: 'delete-segment', id: request.params.id }, actorFromRequest(request));
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
      strategies: await service.strategiesUsing(request.params.id),
      changeRequestStrategies: [],
    }),
  );
}

/** Segments (shared/unleash/API.md §6 "Segments"). */
export async function segmentRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const service = createSegmentService(db);
  registerSegmentListRoutes(app, service);
  registerSegmentItemRoutes(app, service);
}
