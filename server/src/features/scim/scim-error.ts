import { SCIM_SCHEMA, type ScimError } from '../../../contract';
import { isUniqueViolation } from '../../db/pg-errors';

/** RFC 7644 §3.12 `scimType` values this server answers with. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'noTarget'
  | 'uniqueness'
  | 'mutability'
  | 'tooMany';

/**
 * An error of the SCIM API: answered in SCIM's error schema, not Unleash's, because SCIM
 * clients (Okta, Entra ID) read `status`, `scimType` and `detail` (RFC 7644 §3.12).
 */
export class ScimProblem extends Error {
  override name = 'ScimProblem';

  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export const scimBody = (problem: ScimProblem): ScimError => ({
  schemas: [SCIM_SCHEMA.error],
  status: String(problem.status),
  ...(problem.scimType ? { scimType: problem.scimType } : {}),
  detail: problem.detail,
});

export const invalidValue = (detail: string) => new ScimProblem(400, detail, 'invalidValue');
export const scimNotFound = (what: string, id: string) =>
  new ScimProblem(404, `${what} ${JSON.stringify(id)} not found`);

/** A unique index said no: SCIM's 409 `uniqueness` (RFC 7644 §3.3). */
export function uniquenessOf(error: unknown, detail: string): unknown {
  return isUniqueViolation(error) ? new ScimProblem(409, detail, 'uniqueness') : error;
}
