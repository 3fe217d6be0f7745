import { hostname } from 'node:os';
import {
  ApplyBundleSchema,
  BundleApplyResultSchema,
  BundleExportQuerySchema,
  BundlePlanSchema,
  BundleSchema,
  BundleSigningKeySchema,
  BundleVerificationSchema,
  CreateTrustedKeySchema,
  EmptyResponseSchema,
  IMPORT_LIMITS,
  PlanBundleSchema,
  TrustedKeyIdParamsSchema,
  TrustedKeySchema,
  TrustedKeysSchema,
  UpdateTrustedKeySchema,
  VerifyBundleSchema,
} from '../../../contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import { actorOf } from '../../lib/caller';
import { createSecretBox } from '../../lib/secret-box';
import { actorFromRequest } from '../events';
import { type BundleService, createBundleService } from './bundle-service';
import { createSigningKeySource } from './signing-key';
import { createTrustedKeyService, type TrustedKeyService } from './trusted-key-service';

const route = routeOptionsFor(['Bundles']);
const permission = 'ADMIN' as const;
/** A bundle carries an export file: the import's body limit (10,000 flags must fit). */
const bundleBody = { bodyLimit: IMPORT_LIMITS.bodyBytes };

function instanceNameOf(config: Pick<Config, 'publicUrl'>): string {
  if (config.publicUrl) {
    try {
      return new URL(config.publicUrl).host;
    } catch {
      return config.publicUrl;
    }
  }
  return hostname();
}

/** Signed air-gap bundles and trusted keys (issue 18); every operation is an admin's. */
export async function bundleRoutes(
  app: App,
  { db, config }: { db: Db; config: Pick<Config, 'secretsKey' | 'bundleSigningKey' | 'publicUrl'> },
): Promise<void> {
  const bundles = createBundleService({
    db,
    signingKey: createSigningKeySource(config.bundleSigningKey, createSecretBox(config.secretsKey)),
    instanceName: instanceNameOf(config),
  });
  const trustedKeys = createTrustedKeyService(db);

  bundleExportRoutes(app, bundles);
  bundleImportRoutes(app, bundles);
  trustedKeyRoutes(app, trustedKeys);
}

/** The signing key, exporting a signed bundle, and checking one. */
function bundleExportRoutes(app: App, bundles: BundleService): void {
  app.get(
    '/api/admin/bundles/signing-key',
    route({
      operationId: 'getBundleSigningKey',
      permission,
      response: { 200: BundleSigningKeySchema },
      errors: [400, 401, 403],
    }),
    async (request) => bundles.signingKeyInfo(actorFromRequest(request)),
  );

  app.post(
    '/api/admin/bundles/export',
    route({
      operationId: 'exportBundle',
      permission,
      body: BundleExportQuerySchema,
      response: { 200: BundleSchema },
      errors: [400, 401, 403, 404, 415],
    }),
    async (request, reply) => {
      const bundle = await bundles.exportBundle(request.body, actorFromRequest(request));
      if (request.body.downloadFile) {
        const stamp = bundle.metadata.createdAt.replace(/[:.]/g, '-');
        reply.header('content-disposition', `attachment; filename="bundle-${stamp}.json"`);
      }
      return bundle;
    },
  );

  app.post(
    '/api/admin/bundles/verify',
    {
      ...route({
        operationId: 'verifyBundle',
        permission,
        body: VerifyBundleSchema,
        response: { 200: BundleVerificationSchema },
        errors: [400, 401, 403, 413, 415],
      }),
      ...bundleBody,
    },
    async (request) => bundles.verify(request.body.bundle),
  );
}

/** What importing a bundle would change, and importing it. */
function bundleImportRoutes(app: App, bundles: BundleService): void {
  app.post(
    '/api/admin/bundles/plan',
    {
      ...route({
        operationId: 'planBundle',
        permission,
        body: PlanBundleSchema,
        response: { 200: BundlePlanSchema },
        errors: [400, 401, 403, 404, 413, 415],
      }),
      ...bundleBody,
    },
    async (request) => bundles.plan(request.caller, request.body),
  );

  app.post(
    '/api/admin/bundles/apply',
    {
      ...route({
        operationId: 'applyBundle',
        permission,
        body: ApplyBundleSchema,
        response: { 200: BundleApplyResultSchema },
        errors: [400, 401, 403, 404, 413, 415],
      }),
      ...bundleBody,
    },
    async (request) => bundles.apply(request.caller, actorFromRequest(request), request.body),
  );
}

/** The public keys whose bundles this instance accepts. */
function trustedKeyRoutes(app: App, trustedKeys: TrustedKeyService): void {
  app.get(
    '/api/admin/bundles/trusted-keys',
    route({
      operationId: 'getTrustedKeys',
      permission,
      response: { 200: TrustedKeysSchema },
      errors: [401, 403],
    }),
    async () => ({ keys: await trustedKeys.list() }),
  );

  app.post(
    '/api/admin/bundles/trusted-keys',
    route({
      operationId: 'addTrustedKey',
      permission,
      body: CreateTrustedKeySchema,
      response: { 201: TrustedKeySchema },
      errors: [400, 401, 403, 409, 415],
    }),
    async (request, reply) =>
      reply.status(201).send(await trustedKeys.add(request.body, actorOf(request.caller))),
  );

  app.put(
    '/api/admin/bundles/trusted-keys/:id',
    route({
      operationId: 'updateTrustedKey',
      permission,
      params: TrustedKeyIdParamsSchema,
      body: UpdateTrustedKeySchema,
      response: { 200: TrustedKeySchema },
      errors: [400, 401, 403, 404, 415],
    }),
    async (request) => trustedKeys.rename(request.params.id, request.body, actorOf(request.caller)),
  );

  app.delete(
    '/api/admin/bundles/trusted-keys/:id',
    route({
      operationId: 'removeTrustedKey',
      permission,
      params: TrustedKeyIdParamsSchema,
      response: { 200: EmptyResponseSchema },
      errors: [400, 401, 403, 404],
    }),
    async (request, reply) => {
      await trustedKeys.remove(request.params.id, actorOf(request.caller));
      return reply.send();
    },
  );
}
