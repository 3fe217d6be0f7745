import {
  AddonCreateUpdateSchema,
  AddonIdParamsSchema,
  AddonSchema,
  AddonsSchema,
  AddonTestResultSchema,
  EmptyResponseSchema,
  IntegrationEventsQuerySchema,
  IntegrationEventsSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { READ_ERRORS, routeOptionsFor, WRITE_ERRORS } from '../../http/route-options';
import { actorOf } from '../../lib/caller';
import type { AddonService } from './addon-service';

const route = routeOptionsFor(['Addons']);

/** Unleash's addon operations (API.md §6 "Addons") and Switchyard's test and resume. */
export async function addonRoutes(app: App, { addons }: { addons: AddonService }) {
  registerAddonConfiguration(app, addons);
  registerAddonDeliveries(app, addons);
}

/** The addons themselves: list, create (and try a configuration), read, update, delete. */
function registerAddonConfiguration(app: App, addons: AddonService): void {
  app.get(
    '/api/admin/addons',
    route({
      operationId: 'getAddons',
      permission: 'AUTHENTICATED',
      response: { 200: AddonsSchema },
      errors: [401],
    }),
    async () => ({ addons: await addons.list(), providers: addons.providers() }),
  );

  app.post(
    '/api/admin/addons',
    route({
      operationId: 'createAddon',
      permission: 'CREATE_ADDON',
      body: AddonCreateUpdateSchema,
      // Unleash 8.2 answers 201 (shared/unleash/OBSERVED.md, "webhook addon").
      response: { 201: AddonSchema },
      errors: [400, 401, 403, 413, 415],
    }),
    async (request, reply) => {
      const created = await addons.create(request.body, actorOf(request.caller));
      return reply.status(201).header('location', `addons/${created.id}`).send(created);
    },
  );

  app.post(
    '/api/admin/addons/test',
    route({
      operationId: 'testAddonConfiguration',
      permission: 'CREATE_ADDON',
      body: AddonCreateUpdateSchema,
      response: { 200: AddonTestResultSchema },
      errors: [400, 401, 403, 413, 415],
    }),
    async (request) => addons.testConfiguration(request.body, actorOf(request.caller)),
  );

  app.get(
    '/api/admin/addons/:id',
    route({
      operationId: 'getAddon',
      permission: 'AUTHENTICATED',
      params: AddonIdParamsSchema,
      response: { 200: AddonSchema },
      errors: READ_ERRORS,
    }),
    async (request) => addons.get(request.params.id),
  );

  app.put(
    '/api/admin/addons/:id',
    route({
      operationId: 'updateAddon',
      permission: 'UPDATE_ADDON',
      params: AddonIdParamsSchema,
      body: AddonCreateUpdateSchema,
      response: { 200: AddonSchema },
      errors: [...WRITE_ERRORS, 413],
    }),
    async (request) => addons.update(request.params.id, request.body, actorOf(request.caller)),
  );

  app.delete(
    '/api/admin/addons/:id',
    route({
      operationId: 'deleteAddon',
      permission: 'DELETE_ADDON',
      params: AddonIdParamsSchema,
      response: { 200: EmptyResponseSchema },
      errors: READ_ERRORS,
    }),
    async (request, reply) => {
      await addons.remove(request.params.id, actorOf(request.caller));
      return reply.send();
    },
  );
}

/** An addon's deliveries: its integration log, a test event, resuming a paused circuit. */
function registerAddonDeliveries(app: App, addons: AddonService): void {
  app.get(
    '/api/admin/addons/:id/events',
    route({
      operationId: 'getIntegrationEvents',
      permission: 'UPDATE_ADDON',
      params: AddonIdParamsSchema,
      querystring: IntegrationEventsQuerySchema,
      response: { 200: IntegrationEventsSchema },
      errors: READ_ERRORS,
    }),
    async (request) => ({
      integrationEvents: await addons.events(request.params.id, {
        limit: request.query.limit ?? 50,
        offset: request.query.offset ?? 0,
      }),
    }),
  );

  app.post(
    '/api/admin/addons/:id/test',
    route({
      operationId: 'testAddon',
      permission: 'UPDATE_ADDON',
      params: AddonIdParamsSchema,
      response: { 200: AddonTestResultSchema },
      errors: READ_ERRORS,
    }),
    async (request) => addons.test(request.params.id, actorOf(request.caller)),
  );

  app.post(
    '/api/admin/addons/:id/resume',
    route({
      operationId: 'resumeAddon',
      permission: 'UPDATE_ADDON',
      params: AddonIdParamsSchema,
      response: { 200: AddonSchema },
      errors: READ_ERRORS,
    }),
    async (request) => addons.resume(request.params.id),
  );
}
