import type { Context } from '../../contract';
import { type EvaluationDeps, evaluateFlag } from './evaluate';
import type { VariantResult } from './variants';

/** The variant in a frontend API answer carries both spellings of the flag's state, always. */
export type FrontendVariant = VariantResult;

/** One entry of `GET /api/frontend`'s `toggles` (shared/unleash/API.md §3). */
export interface FrontendToggle {
  name: string;
  enabled: true;
  impressionData: boolean;
  variant: FrontendVariant;
}

/**
 * Evaluates every flag in the repository for one context and keeps the enabled ones, in
 * repository order. Project and environment filtering is the caller's, through the repository
 * it passes; so are the frontend API's context defaults (appName, sessionId, remoteAddress).
 */
export function evaluateFrontendToggles(context: Context, deps: EvaluationDeps): FrontendToggle[] {
  const toggles: FrontendToggle[] = [];
  for (const flag of deps.repository.listFlags()) {
    const { enabled, variant } = evaluateFlag(flag, context, deps);
    if (!enabled) continue;
    toggles.push({ name: flag.name, enabled: true, impressionData: flag.impressionData === true, variant });
  }
  return toggles;
}
