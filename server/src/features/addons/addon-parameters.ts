import { ADDON_LIMITS, MASKED_PARAMETER_VALUE } from '../../../contract';
import { badData } from '../../lib/errors';
import { isSealed, type SecretBox } from '../../lib/secret-box';
import type { AddonProvider } from './providers/provider-types';
import { sensitiveParameters } from './providers/providers';

/**
 * Parameter values through their life: checked and normalised to strings when a client sends
 * them, sealed (sensitive ones) for the database, opened for delivery, masked for answers and
 * for the event log.
 */
export type ParameterValues = Record<string, string>;

const sealContext = (addonId: number, name: string) => `addon:${addonId}:${name}`;

/**
 * The provider's parameters from a request body, as strings; unknown names are dropped (as
 * Unleash ignores them). A value that is an object, or too long, is a 400.
 */
export function normalizeParameters(provider: AddonProvider, raw: Record<string, unknown>): ParameterValues {
  const known = new Set((provider.definition.parameters ?? []).map((p) => p.name));
  const values: ParameterValues = {};
  for (const [name, value] of Object.entries(raw)) {
    if (!known.has(name) || value === null || value === undefined) continue;
    if (typeof value === 'object')
      throw badData(`The parameter "${name}" must be a string.`, [
        { message: `"${name}" must be a string`, path: `parameters.${name}` },
      ]);
    const text = String(value);
    if (text.length > ADDON_LIMITS.parameterValueLength) {
      throw badData(
        `The parameter "${name}" is longer than ${ADDON_LIMITS.parameterValueLength} characters.`,
      );
    }
    if (text.trim().length > 0) values[name] = text.trim();
  }
  return values;
}

/** On update: a sensitive parameter sent back masked (or left out) keeps its stored value. */
export function mergeWithStored(
  provider: AddonProvider,
  incoming: ParameterValues,
  stored: ParameterValues,
): ParameterValues {
  const sensitive = sensitiveParameters(provider);
  const merged: ParameterValues = { ...incoming };
  for (const name of sensitive) {
    const sent = incoming[name];
    if ((sent === undefined || sent === MASKED_PARAMETER_VALUE) && stored[name] !== undefined) {
      merged[name] = stored[name];
    }
  }
  for (const [name, value] of Object.entries(merged)) {
    if (value === MASKED_PARAMETER_VALUE && sensitive.has(name)) delete merged[name];
  }
  return merged;
}

/** Required parameters present and the provider's own checks; every problem in one 400. */
export function assertValidParameters(provider: AddonProvider, values: ParameterValues): void {
  const problems = [
    ...(provider.definition.parameters ?? [])
      .filter((p) => p.required && !values[p.name])
      .map((p) => `${p.name} is required`),
    ...(provider.validate?.(values) ?? []),
  ];
  const unique = [...new Set(problems)];
  if (unique.length > 0) {
    throw badData(
      `Invalid parameters for the ${provider.definition.name} integration: ${unique.join('; ')}.`,
      unique.map((message) => ({ message, path: 'parameters' })),
    );
  }
}

/** Whether storing these values needs the secrets key. */
export function hasSensitiveValues(provider: AddonProvider, values: ParameterValues): boolean {
  return [...sensitiveParameters(provider)].some((name) => values[name] !== undefined);
}

export function sealParameters(
  provider: AddonProvider,
  addonId: number,
  values: ParameterValues,
  box: SecretBox,
): ParameterValues {
  const sensitive = sensitiveParameters(provider);
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      sensitive.has(name) ? box.seal(value, sealContext(addonId, name)) : value,
    ]),
  );
}

/**
 * Parameters stored in clear before they became sensitive (customHeaders, issue 31 §4): such a
 * value is read as it is until the integration is next saved, which seals it.
 */
const SENSITIVE_SINCE_ISSUE_31 = new Set(['customHeaders']);

export function openParameters(
  provider: AddonProvider,
  addonId: number,
  stored: ParameterValues,
  box: SecretBox,
): ParameterValues {
  const sensitive = sensitiveParameters(provider);
  const open = (name: string, value: string) => {
    if (!sensitive.has(name)) return value;
    if (SENSITIVE_SINCE_ISSUE_31.has(name) && !isSealed(value)) return value;
    return box.open(value, sealContext(addonId, name));
  };
  return Object.fromEntries(Object.entries(stored).map(([name, value]) => [name, open(name, value)]));
}

/** What answers and event rows show: sensitive values as Unleash's mask. */
export function maskParameters(
  provider: AddonProvider | undefined,
  stored: ParameterValues,
): ParameterValues {
  const sensitive = provider ? sensitiveParameters(provider) : new Set<string>();
  return Object.fromEntries(
    Object.entries(stored).map(([name, value]) => [
      name,
      sensitive.has(name) ? MASKED_PARAMETER_VALUE : value,
    ]),
  );
}
