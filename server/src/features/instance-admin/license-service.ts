import type { LicenseRead } from '../../../contract';
import type { Db } from '../../db/database';
import type { AuditActor } from '../../lib/caller';
import { appendEvent } from '../events';
import { instanceSettingStore } from './settings-store';

export const LICENSE_SETTING = 'license.token';

/**
 * Switchyard has no paid tier: every license answer is valid and unlimited, in Unleash's shapes
 * (licenseReadSchema, licenseCheckSchema), so Unleash tooling that checks the license works. A
 * token posted is stored (and echoed by the read) but changes nothing.
 */
export function licenseState(token: string | undefined): LicenseRead {
  return {
    ...(token ? { token } : {}),
    isValid: true,
    customer: 'Switchyard',
    type: 'unlimited',
    plan: 'Switchyard (everything included)',
    resources: {},
  };
}

/** `GET /api/admin/license`: the state with the stored token, if any. */
export async function readLicense(db: Db): Promise<LicenseRead> {
  const content = (await instanceSettingStore.content(db, LICENSE_SETTING)) as
    | { token?: unknown }
    | null
    | undefined;
  return licenseState(typeof content?.token === 'string' ? content.token : undefined);
}

/** `POST /api/admin/license`: stores the token with its `setting-*` event in one transaction. */
export async function updateLicense(db: Db, token: string, actor: AuditActor): Promise<LicenseRead> {
  const content = JSON.stringify({ token });
  await db.transaction().execute(async (trx) => {
    const before = await instanceSettingStore.lock(trx, LICENSE_SETTING);
    await instanceSettingStore.put(trx, LICENSE_SETTING, content);
    // The token itself is a credential of another product: never in the audit log.
    await appendEvent(trx, {
      type: before ? 'setting-updated' : 'setting-created',
      ...actor,
      data: { id: LICENSE_SETTING },
    });
  });
  return licenseState(token);
}
