import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler } from 'fastify';
import { errorResponses } from '../../../contract';
import { AnalysisRequestSchema, AnalysisResultSchema } from '../../../contract/experiments';
import type { App } from '../../http/app-type';
import { AJV_OPTIONS } from '../../http/lazy-compilers';
import { badData } from '../../lib/errors';
import { analyse, analysisRequestProblems } from './analysis/analyse';

/**
 * Figures are validated exactly: a string where a number belongs is a 400, never read as a number
 * (the other bodies coerce scalars as Unleash does; nothing Unleash-compatible sends this one).
 */
const strictCompile = AjvCompiler()(
  {} as never,
  {
    ...AJV_OPTIONS,
    customOptions: { ...AJV_OPTIONS.customOptions, coerceTypes: false },
  } as never,
) as unknown as (route: unknown) => ReturnType<FastifySchemaCompiler<unknown>>;

const strictValidator: FastifySchemaCompiler<unknown> = (route) => strictCompile(route);

/**
 * `POST /api/admin/experiments/analysis` (issue 35 §2): the statistics engine, stateless, so
 * anyone signed in can check a readout or run their own numbers. Reads and writes nothing.
 */
export async function analysisRoutes(app: App): Promise<void> {
  app.post(
    '/api/admin/experiments/analysis',
    {
      config: { permission: 'AUTHENTICATED' },
      validatorCompiler: strictValidator,
      schema: {
        operationId: 'analyseExperiment',
        tags: ['Experiments'],
        body: AnalysisRequestSchema,
        response: { 200: AnalysisResultSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request) => {
      const problems = analysisRequestProblems(request.body);
      const [first] = problems;
      if (first !== undefined)
        throw badData(
          first,
          problems.map((message) => ({ message })),
        );
      return analyse(request.body);
    },
  );
}
