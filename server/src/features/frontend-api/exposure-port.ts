import type { Context } from '../../../contract';
import type { EvaluationDeps } from '../../evaluation';

/**
 * Experiments (issue 35 §1): what the frontend API and OFREP tell about the variants they serve,
 * so the first exposure of each user to a running experiment is recorded. Implemented by the
 * experiment-data domain and handed over by the composition root. Called on the hot path:
 * `watches` answers from memory, and is all an evaluation pays while no experiment runs in its
 * environment; the other two return at once (they buffer) and never throw.
 */
export interface ExposureRecorder {
  /** Whether an experiment runs in the environment. */
  watches(environment: string): boolean;
  /** The frontend API evaluated every flag for `context`: record its experiments' variants. */
  evaluated(environment: string, context: Context, sessionIdSent: boolean, deps: EvaluationDeps): void;
  /** One flag was served with `variant` (OFREP). */
  served(
    environment: string,
    featureName: string,
    variant: string,
    context: Context,
    sessionIdSent: boolean,
  ): void;
}
