import {
  BannerIdParamsSchema,
  BannerSchema,
  BannersSchema,
  CreateBannerSchema,
  EmptyResponseSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import { actorOf } from '../../lib/caller';
import type { BannerService } from './banner-service';

const route = routeOptionsFor(['Banners']);
const permission = 'UPDATE_INSTANCE_BANNERS' as const;

/** Unleash's six banner operations (API.md §6 "Banners", §10.3). */
export async function bannerRoutes(app: App, { banners }: { banners: BannerService }): Promise<void> {
  // Every signed-in user reads them: the console shows the enabled ones at its top.
  app.get(
    '/api/admin/banners',
    route({
      operationId: 'getBanners',
      permission: 'AUTHENTICATED',
      response: { 200: BannersSchema },
      errors: [401],
    }),
    async () => ({ banners: await banners.list() }),
  );

  app.post(
    '/api/admin/banners',
    route({
      operationId: 'createBanner',
      permission,
      body: CreateBannerSchema,
      response: { 201: BannerSchema },
      errors: [400, 401, 403, 415],
    }),
    async (request, reply) =>
      reply.status(201).send(await banners.create(request.body, actorOf(request.caller))),
  );

  app.put(
    '/api/admin/banners/:id',
    route({
      operationId: 'updateBanner',
      permission,
      params: BannerIdParamsSchema,
      body: CreateBannerSchema,
      response: { 200: BannerSchema },
      errors: [400, 401, 403, 404, 415],
    }),
    async (request) => banners.update(request.params.id, request.body, actorOf(request.caller)),
  );

  app.delete(
    '/api/admin/banners/:id',
    route({
      operationId: 'deleteBanner',
      permission,
      params: BannerIdParamsSchema,
      response: { 200: EmptyResponseSchema },
      errors: [400, 401, 403, 404],
    }),
    async (request, reply) => {
      await banners.remove(request.params.id, actorOf(request.caller));
      return reply.send();
    },
  );

  for (const [suffix, enabled, operationId] of [
    ['on', true, 'enableBanner'],
    ['off', false, 'disableBanner'],
  ] as const) {
    app.post(
      `/api/admin/banners/:id/${suffix}`,
      route({
        operationId,
        permission,
        params: BannerIdParamsSchema,
        response: { 200: BannerSchema },
        errors: [400, 401, 403, 404],
      }),
      async (request) => banners.setEnabled(request.params.id, enabled, actorOf(request.caller)),
    );
  }
}
