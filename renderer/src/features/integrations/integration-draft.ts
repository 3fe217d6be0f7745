import type {
  Addon,
  AddonCreateUpdate,
  AddonParameter,
  AddonType,
  MASKED_PARAMETER_VALUE,
} from '../../../../server/contract';
import { ApiError } from '../../api/api-error';

/**
 * What the server sends instead of a sensitive parameter's value; sent back, it keeps the stored one.
 * Typed by the contract's constant: the renderer imports only types from server/contract.
 */
export const SENSITIVE_MASK: typeof MASKED_PARAMETER_VALUE = '*****';

/** The configure form's state: every parameter as the text its input holds. */
export interface IntegrationDraft {
  provider: string;
  description: string;
  enabled: boolean;
  parameters: Record<string, string>;
  events: string[];
  projects: string[];
  environments: string[];
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A new configuration of `provider` (enabled, nothing filled), or the saved `addon` as it is. */
export function draftFor(provider: AddonType, addon?: Addon): IntegrationDraft {
  const parameters: Record<string, string> = {};
  for (const parameter of provider.parameters ?? []) {
    parameters[parameter.name] = asText(addon?.parameters[parameter.name]);
  }
  return {
    provider: provider.name,
    description: addon?.description ?? '',
    enabled: addon?.enabled ?? true,
    parameters,
    events: addon ? [...addon.events] : [],
    projects: [...(addon?.projects ?? [])],
    environments: [...(addon?.environments ?? [])],
  };
}

/** Whether a sensitive parameter still holds the stored value the server masked. */
export function keepsStoredSecret(parameter: AddonParameter, value: string, editing: boolean): boolean {
  return editing && parameter.sensitive && value === SENSITIVE_MASK;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The form's own checks, by the field names the server's 400 details use (`parameters.url`,
 * `events`): required parameters filled, URLs that are http(s) (a kept secret is not checked), at
 * least one event.
 */
export function draftProblems(
  provider: AddonType,
  draft: IntegrationDraft,
  editing: boolean,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const parameter of provider.parameters ?? []) {
    const value = (draft.parameters[parameter.name] ?? '').trim();
    const field = `parameters.${parameter.name}`;
    if (parameter.required && !value) problems[field] = `${parameter.displayName} is required`;
    else if (keepsStoredSecret(parameter, value, editing)) continue;
    else if (parameter.type === 'url' && value && !isHttpUrl(value))
      problems[field] = 'Enter a full http:// or https:// address';
  }
  if (draft.events.length === 0) problems.events = 'Choose at least one event to send';
  return problems;
}

/**
 * The body to send: trimmed parameters without the empty optional ones, a sensitive parameter's mask
 * sent back unchanged (the server keeps what it stored), empty project and environment lists meaning all.
 */
export function bodyOfDraft(provider: AddonType, draft: IntegrationDraft): AddonCreateUpdate {
  const parameters: Record<string, string> = {};
  for (const parameter of provider.parameters ?? []) {
    const raw = draft.parameters[parameter.name] ?? '';
    const value = parameter.type === 'textfield' ? raw : raw.trim();
    if (value.trim()) parameters[parameter.name] = value;
  }
  return {
    provider: draft.provider,
    description: draft.description.trim(),
    enabled: draft.enabled,
    parameters,
    events: draft.events,
    projects: draft.projects,
    environments: draft.environments,
  };
}

/** Whether the form differs from what is saved (the saved configuration is what `/test` sends through). */
export function isDirty(provider: AddonType, saved: Addon, draft: IntegrationDraft): boolean {
  return JSON.stringify(draftFor(provider, saved)) !== JSON.stringify(draft);
}

/**
 * The sensitive values a creation's answer carries unmasked (a webhook's generated signing secret):
 * the server shows them this once.
 */
export function revealedSecrets(
  provider: AddonType,
  created: Addon,
): Array<{ label: string; value: string }> {
  return (provider.parameters ?? [])
    .filter((parameter) => parameter.sensitive)
    .map((parameter) => ({ label: parameter.displayName, value: created.parameters[parameter.name] }))
    .filter(
      (secret): secret is { label: string; value: string } =>
        typeof secret.value === 'string' && secret.value !== '' && secret.value !== SENSITIVE_MASK,
    );
}

/**
 * The server names the fields of its own checks as dotted paths (`parameters.url`, `events`), its
 * schema checks as JSON pointers (`/body/events/0`): both become pointers, so the console's field
 * lookup puts each message next to its field.
 */
export function withBodyPointers(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError({
    status: error.status,
    errorName: error.errorName,
    message: error.message,
    ...(error.id === undefined ? {} : { id: error.id }),
    details: error.details.map((detail) =>
      detail.path && /^[A-Za-z][\w.-]*$/.test(detail.path)
        ? { ...detail, path: `/body/${detail.path.split('.').join('/')}` }
        : detail,
    ),
  });
}
