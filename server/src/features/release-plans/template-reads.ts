import type { ReleasePlanTemplate } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { getDefinition, listTemplates } from './release-plan-store';
import { toTemplate } from './release-plan-view';
import { templateNotFound } from './template-operations';

/** Every release template, as `GET /api/admin/release-plan-templates` answers them. */
export async function readTemplates(db: Queryable): Promise<ReleasePlanTemplate[]> {
  return (await listTemplates(db)).map(toTemplate);
}

/** One release template; 404 when there is none with this id. */
export async function readTemplate(db: Queryable, templateId: string): Promise<ReleasePlanTemplate> {
  const template = await getDefinition(db, templateId, 'template');
  if (!template) throw templateNotFound(templateId);
  return toTemplate(template);
}
