import type { Context } from '../../../contract';
import { frontendContext } from '../frontend-api';

export interface OfrepRequestFacts {
  ip: string;
  newSessionId: () => string;
}

/**
 * An OFREP evaluation context as Unleash's: `targetingKey` is the userId (an explicit `userId`
 * wins); appName, environment, sessionId and remoteAddress stay top-level; every other scalar
 * field is a custom property, exactly as the frontend API maps its context (numbers and booleans
 * as text, nested objects other than `properties` left out). The frontend API's bounds apply: a
 * context over them is INVALID_CONTEXT. appName defaults to "ofrep".
 */
export function ofrepContext(input: Record<string, unknown> | undefined, facts: OfrepRequestFacts): Context {
  const { targetingKey, ...rest } = input ?? {};
  const withUser =
    rest.userId === undefined && targetingKey !== undefined ? { ...rest, userId: targetingKey } : rest;
  return frontendContext({ appName: 'ofrep', ...withUser }, facts);
}
