import type {
  ApplyBundle,
  Bundle,
  BundleApplyResult,
  BundleDiff,
  BundlePlan,
  BundleSigningKey,
  BundleVerification,
  CreateTrustedKey,
  ExportQuery,
  PlanBundle,
  TrustedKey,
  TrustedKeys,
} from '../../../../server/contract';
import type { ApiClient } from '../../api/client';

/** Signed air-gap bundles and trusted keys (issue 18), as the import/export dialogs and the Trusted keys screen use them. */

export type {
  Bundle,
  BundleApplyResult,
  BundleDiff,
  BundlePlan,
  BundleSigningKey,
  BundleVerification,
  TrustedKey,
};

export const BUNDLE_FORMAT = 'switchyard-bundle';

export const bundleApi = (client: ApiClient) => ({
  exportBundle: (query: ExportQuery) => client.post<Bundle>('/api/admin/bundles/export', query),
  plan: (body: PlanBundle) => client.post<BundlePlan>('/api/admin/bundles/plan', body),
  apply: (body: ApplyBundle) => client.post<BundleApplyResult>('/api/admin/bundles/apply', body),
  signingKey: () => client.get<BundleSigningKey>('/api/admin/bundles/signing-key'),
  trustedKeys: () => client.get<TrustedKeys>('/api/admin/bundles/trusted-keys'),
  addTrustedKey: (body: CreateTrustedKey) => client.post<TrustedKey>('/api/admin/bundles/trusted-keys', body),
  removeTrustedKey: (id: number) => client.delete<void>(`/api/admin/bundles/trusted-keys/${id}`),
});

/** Whether a parsed file is a signed bundle rather than a bare export file. */
export function isBundle(value: unknown): value is Bundle {
  const candidate = value as Partial<Bundle> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    candidate.format === BUNDLE_FORMAT &&
    typeof candidate.export === 'object' &&
    candidate.export !== null &&
    Array.isArray(candidate.export.features)
  );
}

/** A fingerprint short enough to read aloud: `sha256:1a2b3c4d…9f8e7d6c`. */
export const shortFingerprint = (fingerprint: string) =>
  fingerprint.length > 30 ? `${fingerprint.slice(0, 15)}…${fingerprint.slice(-8)}` : fingerprint;
