import { type Static, Type } from 'typebox';
import { Nullable } from './admin-common';
import {
  ExportQuerySchema,
  ExportResultSchema,
  ImportResultSchema,
  ImportValidateItemSchema,
} from './import-export';

/**
 * Signed air-gap bundles (issue 18, beyond Unleash): an Unleash export file plus where it came
 * from, signed with the exporting instance's Ed25519 key. The signature and the bundle hash
 * (SHA-256) are both computed over the canonical serialization of `{format, formatVersion,
 * metadata, export}`: keys sorted, no whitespace (server/src/features/bundles/bundle-codec.ts).
 */

export const BUNDLE_FORMAT = 'switchyard-bundle';
export const BUNDLE_FORMAT_VERSION = 1;

/** An Ed25519 public key: base64 of its SubjectPublicKeyInfo DER (one line, 60 characters). */
const PublicKeyText = Type.String({ minLength: 1, maxLength: 2000 });

export const BundleMetadataSchema = Type.Object(
  {
    sourceInstanceId: Type.String({ maxLength: 200 }),
    sourceInstanceName: Type.String({ maxLength: 200 }),
    createdAt: Type.String({ maxLength: 40 }),
    author: Type.String({ maxLength: 300 }),
    environment: Type.String({ maxLength: 100 }),
    /** What was exported: a project, a tag or a flag list, as the export query named it. */
    selection: Type.String({ maxLength: 2000 }),
  },
  { additionalProperties: false },
);
export type BundleMetadata = Static<typeof BundleMetadataSchema>;

export const BundleSignatureSchema = Type.Object(
  {
    algorithm: Type.Literal('ed25519'),
    publicKey: PublicKeyText,
    fingerprint: Type.String({ maxLength: 100 }),
    /** base64 of the 64-byte signature over the canonical bytes. */
    value: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type BundleSignature = Static<typeof BundleSignatureSchema>;

export const BundleSchema = Type.Object(
  {
    format: Type.Literal(BUNDLE_FORMAT),
    formatVersion: Type.Integer({ minimum: 1, maximum: 1000 }),
    metadata: BundleMetadataSchema,
    export: ExportResultSchema,
    /** `sha256:<hex>` of the canonical bytes. */
    hash: Type.String({ maxLength: 100 }),
    /** null: an unsigned bundle, which only an explicit override applies. */
    signature: Nullable(BundleSignatureSchema),
  },
  { additionalProperties: false },
);
export type Bundle = Static<typeof BundleSchema>;

export const BundleExportQuerySchema = ExportQuerySchema;

export const BundleVerificationSchema = Type.Object({
  /** The hash recomputed here over the canonical bytes. */
  hash: Type.String(),
  /** The recomputed hash equals the bundle's `hash`. */
  hashValid: Type.Boolean(),
  signed: Type.Boolean(),
  /** The signature verifies against the signer's public key over the canonical bytes. */
  signatureValid: Type.Boolean(),
  signer: Nullable(
    Type.Object({
      fingerprint: Type.String(),
      publicKey: Type.String(),
      /** The fingerprint is in this instance's trusted keys. */
      trusted: Type.Boolean(),
      /** The trusted key's name here. */
      name: Nullable(Type.String()),
    }),
  ),
  /** Signed, intact and by a trusted key: applies without an override. */
  trusted: Type.Boolean(),
  /** Why it is not trusted, one reason a line. */
  problems: Type.Array(Type.String()),
  metadata: BundleMetadataSchema,
});
export type BundleVerification = Static<typeof BundleVerificationSchema>;

export const VerifyBundleSchema = Type.Object({ bundle: BundleSchema });
export type VerifyBundle = Static<typeof VerifyBundleSchema>;

export const PlanBundleSchema = Type.Object({
  bundle: BundleSchema,
  project: Type.String({ minLength: 1, maxLength: 100 }),
  environment: Type.String({ minLength: 1, maxLength: 100 }),
});
export type PlanBundle = Static<typeof PlanBundleSchema>;

/** The readable diff of a bundle against a project environment. */
export const BundleDiffSchema = Type.Object({
  project: Type.String(),
  environment: Type.String(),
  /** Flags the bundle creates. */
  added: Type.Array(Type.String()),
  /** Flags the bundle changes, with what changes on each. */
  changed: Type.Array(Type.Object({ feature: Type.String(), parts: Type.Array(Type.String()) })),
  unchanged: Type.Array(Type.String()),
  /** Live flags of the project the bundle does not carry: applying leaves them as they are. */
  removed: Type.Array(Type.String()),
  /** Archived flags of the bundle's names, left alone. */
  skippedArchived: Type.Array(Type.String()),
  contextFieldsCreated: Type.Array(Type.String()),
  segmentsCreated: Type.Array(Type.String()),
  tagTypesCreated: Type.Array(Type.String()),
});
export type BundleDiff = Static<typeof BundleDiffSchema>;

export const BundlePlanSchema = Type.Object({
  verification: BundleVerificationSchema,
  errors: Type.Array(ImportValidateItemSchema),
  warnings: Type.Array(ImportValidateItemSchema),
  permissions: Type.Array(ImportValidateItemSchema),
  diff: BundleDiffSchema,
});
export type BundlePlan = Static<typeof BundlePlanSchema>;

export const ApplyBundleSchema = Type.Object({
  bundle: BundleSchema,
  project: Type.String({ minLength: 1, maxLength: 100 }),
  environment: Type.String({ minLength: 1, maxLength: 100 }),
  /** Apply an unsigned, untrusted or altered bundle all the same (recorded in the event). */
  override: Type.Optional(Type.Boolean()),
});
export type ApplyBundle = Static<typeof ApplyBundleSchema>;

export const BundleApplyResultSchema = Type.Object({
  verification: BundleVerificationSchema,
  overridden: Type.Boolean(),
  /** The `bundle-applied` event recording the hash and signer. */
  eventId: Type.Integer(),
  result: ImportResultSchema,
});
export type BundleApplyResult = Static<typeof BundleApplyResultSchema>;

export const BundleSigningKeySchema = Type.Object({
  algorithm: Type.Literal('ed25519'),
  publicKey: Type.String(),
  fingerprint: Type.String(),
  /** `config`: SWITCHYARD_BUNDLE_SIGNING_KEY (the desktop app's keychain); `database`: generated here. */
  source: Type.Union([Type.Literal('config'), Type.Literal('database')]),
});
export type BundleSigningKey = Static<typeof BundleSigningKeySchema>;

export const TrustedKeySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  publicKey: Type.String(),
  fingerprint: Type.String(),
  addedBy: Type.String(),
  addedAt: Type.String({ format: 'date-time' }),
});
export type TrustedKey = Static<typeof TrustedKeySchema>;

export const TrustedKeysSchema = Type.Object({ keys: Type.Array(TrustedKeySchema) });
export type TrustedKeys = Static<typeof TrustedKeysSchema>;

export const CreateTrustedKeySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    /** base64 SPKI DER, or a PEM `PUBLIC KEY` block. */
    publicKey: PublicKeyText,
  },
  { additionalProperties: false },
);
export type CreateTrustedKey = Static<typeof CreateTrustedKeySchema>;

export const UpdateTrustedKeySchema = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export type UpdateTrustedKey = Static<typeof UpdateTrustedKeySchema>;

export const TrustedKeyIdParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});

/** The limit of trusted keys one instance keeps (a bound on what an admin can store). */
export const MAX_TRUSTED_KEYS = 500;
