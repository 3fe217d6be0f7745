import type {
  Addon,
  AddonCreateUpdate,
  AddonTestResult,
  AddonType,
  IntegrationEvent,
} from '../../../contract';
import type { AuditActor } from '../../lib/caller';
import { type AddonDeps, existingAddon, toAddon, withDelivery } from './addon-answers';
import { getDeliveries, listAddons, resumeDelivery } from './addon-store';
import { testAddonConfiguration, testSavedAddon } from './addon-test-service';
import { createAddon, removeAddon, updateAddonConfig } from './addon-write-service';
import { listIntegrationEvents } from './delivery-store';
import { providerDefinitions } from './providers/providers';

export type AddonService = ReturnType<typeof createAddonService>;

async function listAddonAnswers({ db, box }: AddonDeps): Promise<Addon[]> {
  const records = await listAddons(db);
  const deliveries = await getDeliveries(
    db,
    records.map((record) => record.id),
  );
  return records.map((record) => toAddon(box, record, deliveries.get(record.id)));
}

async function resumeAddon(deps: AddonDeps, id: number): Promise<Addon> {
  await existingAddon(deps.db, id);
  await resumeDelivery(deps.db, id);
  deps.onChanged();
  return withDelivery(deps, await existingAddon(deps.db, id));
}

async function addonEvents(
  { db }: AddonDeps,
  id: number,
  page: { limit: number; offset: number },
): Promise<IntegrationEvent[]> {
  await existingAddon(db, id);
  return (await listIntegrationEvents(db, id, page)).map((entry) => ({
    id: String(entry.id),
    integrationId: entry.integrationId,
    createdAt: entry.createdAt.toISOString(),
    state: entry.state,
    stateDetails: entry.stateDetails,
    event: entry.event,
    details: entry.details,
  }));
}

/**
 * Integrations: validated against their provider, sensitive parameters sealed with the server's
 * key and masked in every answer and event row, each change one transaction with its event
 * (addon-write-service.ts); test sends in addon-test-service.ts.
 */
export function createAddonService({
  onChanged = () => {},
  ...rest
}: Omit<AddonDeps, 'onChanged'> & { onChanged?: () => void }) {
  const deps: AddonDeps = { ...rest, onChanged };
  return {
    providers(): AddonType[] {
      return providerDefinitions();
    },
    list: (): Promise<Addon[]> => listAddonAnswers(deps),
    get: async (id: number): Promise<Addon> => withDelivery(deps, await existingAddon(deps.db, id)),
    create: (body: AddonCreateUpdate, actor: AuditActor): Promise<Addon> => createAddon(deps, body, actor),
    update: (id: number, body: AddonCreateUpdate, actor: AuditActor): Promise<Addon> =>
      updateAddonConfig(deps, id, body, actor),
    remove: (id: number, actor: AuditActor): Promise<void> => removeAddon(deps, id, actor),
    resume: (id: number): Promise<Addon> => resumeAddon(deps, id),
    events: (id: number, page: { limit: number; offset: number }): Promise<IntegrationEvent[]> =>
      addonEvents(deps, id, page),
    /** Sends a test event through a saved integration now (not queued). */
    test: (id: number, actor: AuditActor): Promise<AddonTestResult> => testSavedAddon(deps, id, actor),
    /** Sends a test event through an unsaved configuration (the console's "Send test event"). */
    testConfiguration: (body: AddonCreateUpdate, actor: AuditActor): Promise<AddonTestResult> =>
      testAddonConfiguration(deps, body, actor),
  };
}
