import {
  MANIFEST_LIMITS,
  type ManifestDefaultValue,
  type ManifestFlag,
  type ManifestFlagType,
} from '../../../contract';

/** A project flag as the manifest reads it (manifest-store.ts). */
export interface ManifestSource {
  name: string;
  description: string | null;
  /** The value type and default kept for the flag by this API, when it set them. */
  stored: { type: ManifestFlagType; defaultValue: ManifestDefaultValue } | null;
  /** The distinct payload types of the flag's variants (environments and strategies). */
  payloadTypes: readonly string[];
  /** Whether every `number` payload is an integer. */
  numbersIntegral: boolean;
}

/** What a flag without a stored row falls back to in code: OpenFeature's neutral values. */
const NEUTRAL_DEFAULTS: Record<ManifestFlagType, ManifestDefaultValue> = {
  boolean: false,
  string: '',
  integer: 0,
  object: {},
};

/**
 * The OpenFeature type of a flag this API did not describe, from its variants' payloads, as OFREP
 * evaluates it: one payload type across all variants gives that type (`json` an object, `number`
 * an integer: the manifest has no float), none or a mix leaves the flag boolean.
 */
export function derivedType(payloadTypes: readonly string[], numbersIntegral: boolean): ManifestFlagType {
  if (payloadTypes.length !== 1) return 'boolean';
  switch (payloadTypes[0]) {
    case 'string':
    case 'csv':
      return 'string';
    case 'json':
      return 'object';
    case 'number':
      return numbersIntegral ? 'integer' : 'boolean';
    default:
      return 'boolean';
  }
}

/** The manifest entry of a flag: stored type and default, else derived ones. Name is the key. */
export function manifestFlagOf(source: ManifestSource): ManifestFlag {
  const type = source.stored?.type ?? derivedType(source.payloadTypes, source.numbersIntegral);
  return {
    key: source.name,
    name: source.name,
    type,
    description: source.description,
    defaultValue: source.stored?.defaultValue ?? NEUTRAL_DEFAULTS[type],
  };
}

/** Why `value` cannot be the default of a `type` flag; null when it can. */
export function defaultValueProblem(type: ManifestFlagType, value: unknown): string | null {
  const fits =
    type === 'boolean'
      ? typeof value === 'boolean'
      : type === 'string'
        ? typeof value === 'string'
        : type === 'integer'
          ? typeof value === 'number' && Number.isSafeInteger(value)
          : typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!fits) return `The default value of a ${type} flag must be ${ARTICLE[type]}`;
  if (Buffer.byteLength(JSON.stringify(value)) > MANIFEST_LIMITS.defaultValueBytes) {
    return `The default value is larger than ${MANIFEST_LIMITS.defaultValueBytes} bytes`;
  }
  return null;
}

const ARTICLE: Record<ManifestFlagType, string> = {
  boolean: 'true or false',
  string: 'a string',
  integer: 'a whole number',
  object: 'a JSON object',
};

/** Capabilities the `X-Manifest-Capabilities` header lists for a caller. */
export function capabilitiesOf(may: { create: boolean; update: boolean; archive: boolean }): string {
  return ['read', ...(may.create || may.update ? ['write'] : []), ...(may.archive ? ['delete'] : [])].join(
    ',',
  );
}
