import type { AddonType, AuditEvent } from '../../../../contract';

/** One HTTP request a provider wants sent for an event (pure data; the sender does the I/O). */
export interface ProviderRequest {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  body: string | Uint8Array;
  /** What the integration log may show of the URL: origin and path, never a secret. */
  displayUrl: string;
  /** Slack's Web API answers 200 with `{ok:false}` on failure: such answers count as failures. */
  okField?: boolean;
}

export interface RenderContext {
  /** UNLEASH_URL, for links back to the flag; null leaves links out. */
  publicUrl: string | null;
  /** Test-only origin overrides for providers whose API address is fixed (Slack, Datadog). */
  baseUrls: Readonly<Record<string, string>>;
}

/** What rendering produced: requests, and warnings that make a success `successWithErrors`. */
export interface Rendered {
  requests: ProviderRequest[];
  warnings: string[];
}

export interface AddonProvider {
  definition: AddonType;
  /** Required values, formats; returns messages of what is wrong (empty: valid). */
  validate?(parameters: Readonly<Record<string, string>>): string[];
  /** The requests for one event, from the addon's parameters in clear. Pure. */
  render(event: AuditEvent, parameters: Readonly<Record<string, string>>, context: RenderContext): Rendered;
}

/** Parses the `customHeaders` parameter (a JSON object of strings), as Unleash's providers do. */
export function parseCustomHeaders(raw: string | undefined): {
  headers: Record<string, string>;
  warning?: string;
} {
  if (!raw || raw.trim().length === 0) return { headers: {} };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(parsed)) headers[name] = String(value);
      return { headers };
    }
  } catch {
    // Reported below, as Unleash does: the request still goes out without them.
  }
  return { headers: {}, warning: 'Could not parse the JSON in the customHeaders parameter.' };
}

/** The optional extra-headers parameter several providers share; secret, as headers often carry tokens. */
export const CUSTOM_HEADERS_PARAMETER = {
  name: 'customHeaders',
  displayName: 'Extra HTTP headers',
  type: 'textfield',
  description: 'A JSON object of header names and values sent with every request.',
  required: false,
  sensitive: true,
} as const;

/** Checks `customHeaders` at save time, so a mistake shows as a 400 instead of at delivery. */
export function customHeadersProblems(raw: string | undefined): string[] {
  const { warning } = parseCustomHeaders(raw);
  return warning ? ['customHeaders must be a JSON object of header names to values'] : [];
}

export function urlProblems(name: string, raw: string | undefined, required: boolean): string[] {
  if (!raw) return required ? [`${name} is required`] : [];
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return [`${name} must be an http or https URL`];
    return [];
  } catch {
    return [`${name} must be a valid URL`];
  }
}

/** The checks of a provider with a URL, one required key and extra headers, in that order. */
export function urlKeyAndHeadersProblems(
  parameters: Readonly<Record<string, string>>,
  { urlRequired, key }: { urlRequired: boolean; key: string },
): string[] {
  return [
    ...urlProblems('url', parameters.url, urlRequired),
    ...(parameters[key] ? [] : [`${key} is required`]),
    ...customHeadersProblems(parameters.customHeaders),
  ];
}

/**
 * What logs may show of a URL: origin and path (query strings and user info often carry tokens),
 * or the origin alone for a URL that is itself a secret (Slack and Teams webhooks keep theirs in
 * the path).
 */
export function displayUrlOf(raw: string, secretPath = false): string {
  try {
    const url = new URL(raw);
    return secretPath ? `${url.origin}/\u2026` : `${url.origin}${url.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

/** Moves a fixed provider URL to a test receiver when INTEGRATIONS_PROVIDER_BASE_URLS names one. */
export function withBaseUrl(defaultUrl: string, provider: string, context: RenderContext): string {
  const base = context.baseUrls[provider];
  if (!base) return defaultUrl;
  const url = new URL(defaultUrl);
  return new URL(`${url.pathname}${url.search}`, base).toString();
}
