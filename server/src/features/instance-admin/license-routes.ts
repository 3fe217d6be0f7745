import { LicenseCheckSchema, LicenseReadSchema, LicenseUpdateSchema } from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import { actorOf } from '../../lib/caller';
import { readLicense, updateLicense } from './license-service';

const route = routeOptionsFor(['Instance Admin']);

/** `GET/POST /api/admin/license`, `GET /api/admin/license/check` (API.md §6 "Instance Admin"). */
export async function licenseRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/admin/license',
    route({
      operationId: 'readLicense',
      permission: 'AUTHENTICATED',
      response: { 200: LicenseReadSchema },
      errors: [401],
    }),
    async () => readLicense(db),
  );

  app.post(
    '/api/admin/license',
    route({
      operationId: 'updateLicense',
      permission: 'ADMIN',
      body: LicenseUpdateSchema,
      response: { 201: LicenseReadSchema },
      errors: [400, 401, 403, 415],
    }),
    async (request, reply) =>
      reply.status(201).send(await updateLicense(db, request.body.token, actorOf(request.caller))),
  );

  app.get(
    '/api/admin/license/check',
    route({
      operationId: 'checkLicense',
      permission: 'AUTHENTICATED',
      response: { 200: LicenseCheckSchema },
      errors: [401],
    }),
    async () => ({
      isValid: true,
      message: 'Switchyard needs no license: everything is included.',
      messageType: 'info' as const,
    }),
  );
}
