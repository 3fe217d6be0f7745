import type {
  ClientFeature,
  Context,
  OfrepEvaluationFailure,
  OfrepEvaluationSuccess,
  VariantPayload,
} from '../../contract';
import { type EvaluationDeps, evaluateOutcome, type ResolvedDeps, resolveDeps } from './evaluate';

export type OfrepResult =
  | { ok: true; evaluation: OfrepEvaluationSuccess }
  | { ok: false; failure: OfrepEvaluationFailure };

/**
 * One flag evaluated for an OFREP caller (issue 17). Unleash flags are booleans with optional
 * variants; OFREP values are typed, so:
 * - a flag off in the environment answers `false`, reason DISABLED; on but matched by no
 *   strategy (or with an unmet dependency) `false`, reason DEFAULT;
 * - on without a variant: `true`, reason TARGETING_MATCH;
 * - on with a variant: the variant's payload as its type (`number` a number, `json` the parsed
 *   value, `string`/`csv` the text), or the variant's name when it has no payload. A `json`
 *   payload that does not parse is PARSE_ERROR, as the protocol names a broken flag definition.
 * `variant` is Unleash's variant name (`disabled` when none), so OFREP and Unleash SDKs agree.
 */
function evaluateOfrep(flag: ClientFeature, context: Context, deps: ResolvedDeps): OfrepResult {
  const metadata = {
    project: flag.project ?? 'default',
    impressionData: flag.impressionData === true,
  };
  if (!flag.enabled) {
    return success(flag.name, 'DISABLED', 'disabled', false, metadata);
  }
  const outcome = evaluateOutcome(flag, context, deps);
  if (!outcome.enabled) return success(flag.name, 'DEFAULT', 'disabled', false, metadata);
  if (!outcome.variant) return success(flag.name, 'TARGETING_MATCH', 'disabled', true, metadata);
  const { name, payload } = outcome.variant;
  if (!payload) return success(flag.name, 'TARGETING_MATCH', name, name, metadata);
  const value = payloadValue(payload);
  if (value === undefined) {
    return {
      ok: false,
      failure: {
        key: flag.name,
        errorCode: 'PARSE_ERROR',
        errorDetails: `The ${payload.type} payload of variant "${name}" of flag "${flag.name}" cannot be read as its type.`,
      },
    };
  }
  return success(flag.name, 'TARGETING_MATCH', name, value, { ...metadata, payloadType: payload.type });
}

/** The named flag of the repository; null when it has no such flag (OFREP's FLAG_NOT_FOUND). */
export function evaluateOfrepFlag(key: string, context: Context, deps: EvaluationDeps): OfrepResult | null {
  const flag = deps.repository.getFlag(key);
  return flag ? evaluateOfrep(flag, context, resolveDeps(deps)) : null;
}

/** Every flag of the repository, in its order: the bulk answer static-context providers cache. */
export function evaluateOfrepFlags(context: Context, deps: EvaluationDeps): OfrepResult[] {
  const resolved = resolveDeps(deps);
  return deps.repository.listFlags().map((flag) => evaluateOfrep(flag, context, resolved));
}

function success(
  key: string,
  reason: OfrepEvaluationSuccess['reason'],
  variant: string,
  value: OfrepEvaluationSuccess['value'],
  metadata: OfrepEvaluationSuccess['metadata'],
): OfrepResult {
  return { ok: true, evaluation: { key, reason, variant, value, metadata } };
}

/** The payload as an OFREP value; undefined when a `number` or `json` payload is not one. */
function payloadValue(payload: VariantPayload): OfrepEvaluationSuccess['value'] | undefined {
  if (payload.type === 'number') {
    const number = Number(payload.value);
    return payload.value.trim() !== '' && Number.isFinite(number) ? number : undefined;
  }
  if (payload.type === 'json') {
    try {
      const parsed: unknown = JSON.parse(payload.value);
      // OFREP values are boolean, string, number or object; JSON null has no OFREP type.
      return parsed === null ? undefined : (parsed as OfrepEvaluationSuccess['value']);
    } catch {
      return undefined;
    }
  }
  return payload.value;
}
