import type { TSchema } from 'typebox';
import { errorResponses, type Permission } from '../../contract';

/** What one route states beyond its path and handler (STYLE.md §2). */
export interface RouteSpec {
  operationId: string;
  permission: Permission | readonly Permission[];
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** The success answers by status; the error answers come from `errors`. */
  response: Record<number, TSchema>;
  /** The error statuses, each answered with Unleash's error shape. */
  errors: readonly number[];
}

/** The error statuses of a read of one thing that may be missing or hidden. */
export const READ_ERRORS = [401, 403, 404] as const;
/** The error statuses of a write with a JSON body to an existing thing. */
export const WRITE_ERRORS = [400, 401, 403, 404, 415] as const;

/**
 * A route's options from what differs between routes: the builder adds the tags, puts the
 * permission in the route config and answers every error status with the error schema, so
 * the OpenAPI output stays what the routes declared one by one.
 */
export function routeOptionsFor(tags: string[]) {
  return <const Spec extends RouteSpec>(spec: Spec) => {
    const { operationId, permission, errors, response, ...parts } = spec;
    return {
      config: { permission },
      schema: {
        operationId,
        tags,
        ...(parts as Omit<Spec, 'operationId' | 'permission' | 'errors' | 'response'>),
        response: { ...response, ...errorResponses(...errors) } as Spec['response'] & Record<number, TSchema>,
      },
    };
  };
}
