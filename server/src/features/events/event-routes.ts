import { Type } from 'typebox';
import {
  EventCreatorsSchema,
  EventSearchQuerySchema,
  EventSearchResponseSchema,
  EventsSchema,
  errorResponses,
  FeatureEventsSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { listEventCreators, listEvents, searchEvents } from './event-service';

const tags = ['Events'];

/** The audit log on the admin API (shared/unleash/API.md §8.2). */
export async function eventRoutes(app: App, { db }: { db: Db }): Promise<void> {
  app.get(
    '/api/admin/events',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getEvents',
        tags,
        querystring: Type.Object({ project: Type.Optional(Type.String()) }),
        response: { 200: EventsSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { events, total } = await listEvents(
        db,
        { project: request.query.project, limit: 100 },
        await request.hiddenProjects(),
      );
      return { version: 1, events, totalEvents: total };
    },
  );

  app.get(
    '/api/admin/events/:featureName',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getEventsForToggle',
        tags,
        params: Type.Object({ featureName: Type.String() }),
        response: { 200: FeatureEventsSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { featureName } = request.params;
      const { events, total } = await listEvents(
        db,
        { featureName, limit: 100 },
        await request.hiddenProjects(),
      );
      return { version: 1, toggleName: featureName, events, totalEvents: total };
    },
  );

  app.get(
    '/api/admin/search/events',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'searchEvents',
        tags,
        querystring: EventSearchQuerySchema,
        response: { 200: EventSearchResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => searchEvents(db, request.query, await request.hiddenProjects()),
  );

  app.get(
    '/api/admin/event-creators',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getEventCreators',
        tags,
        response: { 200: EventCreatorsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => listEventCreators(db, await request.hiddenProjects()),
  );
}
