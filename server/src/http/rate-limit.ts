import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/errors';

/**
 * Per-client-IP limits for the routes of this plugin scope that declare `config.rateLimit`
 * (API.md §1 "Rate limits"). The 429 goes through the error handler in Unleash's shape, with
 * Retry-After and the RateLimit-* headers.
 */
export async function registerRouteRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    errorResponseBuilder: (_request, context) =>
      new ApiError('RateLimitError', `Too many attempts: try again in ${context.after}.`),
  });
}

export function perMinute(max: number): { max: number; timeWindow: number } {
  return { max, timeWindow: 60_000 };
}
