import {
  LicenseCheckSchema,
  type LicenseRead,
  LicenseReadSchema,
  LicenseUpdateSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import { actorOf } from '../../lib/caller';
import { appendEvent } from '../events';

const route = routeOptionsFor(['Instance Admin']);
export const LICENSE_SETTING = 'license.token';

/**
 * Switchyard has no paid tier: every license answer is valid and unlimited, in Unleash's shapes
 * (licenseReadSchema, licenseCheckSchema), so Unleash tooling that checks the license works. A
 * token posted is stored (and echoed by the read) but changes nothing.
 */
export function licenseState(token: string | undefined): LicenseRead {
  return {
    ...(token ? { token } : {}),
    isValid: true,
    customer: 'Switchyard',
    type: 'unlimited',
    plan: 'Switchyard (everything included)',
    resources: {},
  };
}

async function storedToken(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('content')
    .where('name', '=', LICENSE_SETTING)
    .executeTakeFirst();
  const content = row?.content as { token?: unknown } | null | undefined;
  return typeof content?.token === 'string' ? content.token : undefined;
}

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
    async () => licenseState(await storedToken(db)),
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
    async (request, reply) => {
      const { token } = request.body;
      const content = JSON.stringify({ token });
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('settings')
          .select('name')
          .where('name', '=', LICENSE_SETTING)
          .forUpdate()
          .executeTakeFirst();
        await trx
          .insertInto('settings')
          .values({ name: LICENSE_SETTING, content })
          .onConflict((oc) => oc.column('name').doUpdateSet({ content }))
          .execute();
        // The token itself is a credential of another product: never in the audit log.
        await appendEvent(trx, {
          type: before ? 'setting-updated' : 'setting-created',
          ...actorOf(request.caller),
          data: { id: LICENSE_SETTING },
        });
      });
      return reply.status(201).send(licenseState(token));
    },
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
