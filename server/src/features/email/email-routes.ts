import { Type } from 'typebox';
import { errorResponses } from '../../../contract';
import type { Config } from '../../config';
import type { App } from '../../http/app-type';
import { publicUrlOf } from '../../http/public-url';
import { notFound } from '../../lib/errors';
import { EMAIL_TEMPLATES, isEmailTemplate, previewContext, renderEmail } from './email-templates';

const TemplateParams = Type.Object({ template: Type.String({ maxLength: 100 }) });

/**
 * `GET /api/admin/email/preview/html/:template` and `/text/:template` (in Unleash OSS, missing
 * from its spec: API.md §6): a template rendered with an example recipient and link.
 */
export async function emailRoutes(
  app: App,
  { config }: { config: Pick<Config, 'publicUrl' | 'baseUriPath'> },
) {
  for (const format of ['html', 'text'] as const) {
    app.get(
      `/api/admin/email/preview/${format}/:template`,
      {
        config: { permission: 'ADMIN' },
        schema: {
          operationId: format === 'html' ? 'previewEmailHtml' : 'previewEmailText',
          tags: ['Admin UI'],
          description: `Renders an e-mail template (${EMAIL_TEMPLATES.join(', ')}) as ${format} with example values.`,
          params: TemplateParams,
          produces: [format === 'html' ? 'text/html' : 'text/plain'],
          response: { 200: Type.String(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { template } = request.params;
        if (!isEmailTemplate(template)) throw notFound(`No e-mail template named ${template}`);
        const rendered = renderEmail(template, previewContext(publicUrlOf(request, config)));
        return format === 'html'
          ? reply.type('text/html; charset=utf-8').send(rendered.html)
          : reply.type('text/plain; charset=utf-8').send(rendered.text);
      },
    );
  }
}
