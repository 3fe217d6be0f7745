import {
  BlastRadiusPreviewSchema,
  BlastRadiusProposalSchema,
  BlastRadiusSettingsSchema,
  BlastRadiusSettingsViewSchema,
  errorResponses,
  FeatureEnvironmentParamsSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { actorOf } from '../../lib/caller';
import type { BlastRadiusService } from './blast-radius-service';

const tags = ['Blast radius'];

/**
 * The blast-radius preview and its sampling settings (issue 15): our own operations, beyond
 * Unleash. Previewing needs only read access to the flag's project; the settings are an admin's.
 */
export async function blastRadiusRoutes(app: App, options: { service: BlastRadiusService }): Promise<void> {
  const { service } = options;

  app.post(
    '/api/admin/projects/:projectId/features/:featureName/environments/:environment/blast-radius',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'previewBlastRadius',
        summary: 'How many recently seen contexts a proposed change would turn on or off',
        tags,
        params: FeatureEnvironmentParamsSchema,
        body: BlastRadiusProposalSchema,
        response: { 200: BlastRadiusPreviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { projectId, featureName, environment } = request.params;
      return service.preview(projectId, featureName, environment, request.body);
    },
  );

  app.get(
    '/api/admin/blast-radius/settings',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'getBlastRadiusSettings',
        summary: 'Context sampling settings and how many contexts are stored',
        tags,
        response: { 200: BlastRadiusSettingsViewSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.getSettings(),
  );

  app.put(
    '/api/admin/blast-radius/settings',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'updateBlastRadiusSettings',
        summary: 'Turns context sampling on or off and sets retention and sensitive fields',
        tags,
        body: BlastRadiusSettingsSchema,
        response: { 200: BlastRadiusSettingsViewSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.updateSettings(request.body, actorOf(request.caller)),
  );
}
