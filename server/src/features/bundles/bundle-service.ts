import type {
  ApplyBundle,
  Bundle,
  BundleApplyResult,
  BundleDiff,
  BundleMetadata,
  BundlePlan,
  BundleVerification,
  ExportQuery,
  PlanBundle,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import { type Actor, appendEvent } from '../events';
import { applyImport, buildExport, planImportFor, summariseImport } from '../import-export';
import { instanceId } from '../instance-stats';
import { checkBundle, signBundle } from './bundle-codec';
import { liveFlagNames } from './bundle-store';
import type { SigningKeySource } from './signing-key';
import { trustedKeyStore } from './trusted-key-store';

/**
 * Signed air-gap bundles (issue 18): export wraps the Unleash export file `buildExport` makes in
 * metadata and a signature; verify checks hash, signature and trust; plan reuses
 * `planImportFor` for a readable diff; apply refuses what is not signed by a trusted key and
 * intact unless an admin overrides, and records hash and signer with the import's transaction.
 */

function selectionText(query: ExportQuery): string {
  if (query.features) return `flags: ${query.features.join(', ')}`.slice(0, 2000);
  if (query.tag !== undefined) return `tag: ${query.tag}`;
  return `project: ${query.project ?? ''}`;
}

export interface BundleServiceDeps {
  db: Db;
  signingKey: SigningKeySource;
  /** How this instance names itself in bundles it signs. */
  instanceName: string;
}

/** Hash, signature and whether the signer is one of this instance's trusted keys. */
async function verifyBundle(q: Queryable, bundle: Bundle): Promise<BundleVerification> {
  const check = checkBundle(bundle);
  const known = check.signerFingerprint
    ? await trustedKeyStore.byFingerprint(q, check.signerFingerprint)
    : undefined;
  const problems = [...check.problems];
  if (check.signerFingerprint && !known)
    problems.push(`The signer ${check.signerFingerprint} is not a trusted key`);
  return {
    hash: check.hash,
    hashValid: check.hashValid,
    signed: check.signed,
    signatureValid: check.signatureValid,
    signer:
      check.signerFingerprint && check.signerPublicKey
        ? {
            fingerprint: check.signerFingerprint,
            publicKey: check.signerPublicKey,
            trusted: known !== undefined,
            name: known?.name ?? null,
          }
        : null,
    trusted: problems.length === 0,
    problems,
    metadata: bundle.metadata,
  };
}

/** What applying the bundle would add, change and leave, next to the import preview. */
async function bundleDiff(q: Queryable, caller: Caller, input: PlanBundle) {
  const preview = await planImportFor(q, caller, {
    project: input.project,
    environment: input.environment,
    data: input.bundle.export,
  });
  const summary = summariseImport(preview.plan, input.bundle.export);
  const inBundle = new Set(input.bundle.export.features.map((feature) => feature.name));
  const diff: BundleDiff = {
    project: input.project,
    environment: input.environment,
    added: summary.features.created,
    changed: summary.featureChanges,
    unchanged: summary.features.unchanged,
    removed: (await liveFlagNames(q, input.project)).filter((name) => !inBundle.has(name)),
    skippedArchived: summary.skippedArchived,
    contextFieldsCreated: summary.contextFields.created,
    segmentsCreated: summary.segments.created,
    tagTypesCreated: summary.tagTypes.created,
  };
  return { preview, diff };
}

/** Signs the Unleash export of `query` with this instance's key and logs `bundle-exported`. */
async function exportSignedBundle(
  db: Db,
  { signingKey, instanceName }: Omit<BundleServiceDeps, 'db'>,
  query: ExportQuery,
  actor: Actor,
): Promise<Bundle> {
  return inTransaction(db, async (trx) => {
    const key = await signingKey.get(trx, actor.name);
    // Segment definitions travel along, so the receiving instance can create them; so does
    // Switchyard's extension (strategy sortOrder), so it keeps the strategies' order.
    const file = await buildExport(trx, { ...query, withSegmentDefinitions: true }, actor, {
      extensions: true,
    });
    const metadata: BundleMetadata = {
      sourceInstanceId: await instanceId(trx),
      sourceInstanceName: instanceName.slice(0, 200),
      createdAt: new Date().toISOString(),
      author: actor.name.slice(0, 300),
      environment: query.environment,
      selection: selectionText(query),
    };
    const bundle = signBundle(file, metadata, key.privateKey);
    await appendEvent(trx, {
      type: 'bundle-exported',
      createdBy: actor.name,
      createdByUserId: actor.userId,
      environment: query.environment,
      data: {
        hash: bundle.hash,
        signer: key.info.fingerprint,
        metadata,
        features: file.features.length,
      },
    });
    return bundle;
  });
}

/**
 * Applies a bundle in one transaction: refused unless trusted and intact, or an admin overrides;
 * the `bundle-applied` event records hash, signer and whether it was overridden.
 */
async function applyBundle(
  db: Db,
  caller: Caller,
  actor: Actor,
  input: ApplyBundle,
): Promise<BundleApplyResult> {
  return inTransaction(db, async (trx) => {
    const verification = await verifyBundle(trx, input.bundle);
    const overridden = !verification.trusted;
    if (overridden && !input.override) {
      const tampered = !verification.hashValid || (verification.signed && !verification.signatureValid);
      throw new ApiError(
        tampered ? 'BadDataError' : 'OperationDeniedError',
        `The bundle was refused: ${verification.problems.join('; ')}. An admin may apply it with "override": true, which is recorded.`,
        { details: verification.problems.map((message) => ({ message })) },
      );
    }
    const result = await applyImport(
      trx,
      caller,
      actor,
      { project: input.project, environment: input.environment, data: input.bundle.export },
      // The bundle's signature and this route's ADMIN permission stand where Unleash wants a
      // person: an admin API token (the CLI's) may apply a bundle.
      { allowAdminToken: true },
    );
    const eventId = await appendEvent(trx, {
      type: 'bundle-applied',
      createdBy: actor.name,
      createdByUserId: actor.userId,
      project: input.project,
      environment: input.environment,
      data: {
        hash: verification.hash,
        statedHash: input.bundle.hash,
        signer: verification.signer?.fingerprint ?? null,
        signerName: verification.signer?.name ?? null,
        trusted: verification.trusted,
        overridden,
        problems: verification.problems,
        metadata: input.bundle.metadata,
        features: {
          created: result.summary.features.created.length,
          changed: result.summary.features.changed.length,
          unchanged: result.summary.features.unchanged.length,
        },
      },
    });
    return { verification, overridden, eventId, result };
  });
}

export function createBundleService({ db, signingKey, instanceName }: BundleServiceDeps) {
  return {
    async signingKeyInfo(actor: Actor) {
      return inTransaction(db, async (trx) => (await signingKey.get(trx, actor.name)).info);
    },

    exportBundle: (query: ExportQuery, actor: Actor): Promise<Bundle> =>
      exportSignedBundle(db, { signingKey, instanceName }, query, actor),

    verify: (bundle: Bundle) => verifyBundle(db, bundle),

    async plan(caller: Caller, input: PlanBundle): Promise<BundlePlan> {
      const verification = await verifyBundle(db, input.bundle);
      const { preview, diff } = await bundleDiff(db, caller, input);
      return {
        verification,
        errors: preview.validation.errors,
        warnings: preview.validation.warnings,
        permissions: preview.validation.permissions ?? [],
        diff,
      };
    },

    apply: (caller: Caller, actor: Actor, input: ApplyBundle): Promise<BundleApplyResult> =>
      applyBundle(db, caller, actor, input),
  };
}

export type BundleService = ReturnType<typeof createBundleService>;
