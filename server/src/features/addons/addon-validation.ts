import type { AddonCreateUpdate } from '../../../contract';
import { badData } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { keyMissing } from './addon-answers';
import { assertValidParameters, hasSensitiveValues, type ParameterValues } from './addon-parameters';
import type { AddonValues } from './addon-store';
import type { AddonProvider } from './providers/provider-types';
import { refusedLiteralTarget, type TargetPolicy } from './target-policy';

/** A URL parameter naming a refused address by number is refused at save (SSRF, target-policy.ts). */
function assertAllowedTargets(
  targets: TargetPolicy,
  provider: AddonProvider,
  parameters: ParameterValues,
): void {
  for (const parameter of provider.definition.parameters ?? []) {
    const value = parameters[parameter.name];
    if (parameter.type !== 'url' || !value) continue;
    const reason = refusedLiteralTarget(targets, value);
    if (reason) {
      throw badData(`The ${parameter.displayName} is refused: ${reason}.`, [
        { message: reason, path: `parameters.${parameter.name}` },
      ]);
    }
  }
}

/** The values to store: events the provider offers, valid parameters, allowed targets, a key for secrets. */
export function checkedValues(
  deps: { box: SecretBox; targets: TargetPolicy },
  provider: AddonProvider,
  body: AddonCreateUpdate,
  parameters: ParameterValues,
): AddonValues {
  const offered = new Set(provider.definition.events ?? []);
  const unknown = body.events.filter((type) => !offered.has(type));
  if (unknown.length > 0) {
    throw badData(
      `The ${provider.definition.name} integration does not offer the events ${unknown.join(', ')}.`,
      [{ message: `unknown event types: ${unknown.join(', ')}`, path: 'events' }],
    );
  }
  assertValidParameters(provider, parameters);
  assertAllowedTargets(deps.targets, provider, parameters);
  if (hasSensitiveValues(provider, parameters) && !deps.box.available) throw keyMissing();
  return {
    provider: provider.definition.name,
    description: body.description ?? null,
    enabled: body.enabled,
    parameters,
    events: [...new Set(body.events)],
    projects: [...new Set(body.projects ?? [])],
    environments: [...new Set(body.environments ?? [])],
  };
}
