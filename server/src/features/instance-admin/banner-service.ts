import type { Transaction } from 'kysely';
import type { Banner, CreateBanner } from '../../../contract';
import { BANNER_DIALOG_LINK, isBannerConsolePath, MAX_BANNERS } from '../../../contract';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { AuditActor } from '../../lib/caller';
import { ApiError, badData, notFound } from '../../lib/errors';
import { appendEvent } from '../events';
import { bannerStore } from './banner-store';

/**
 * A link is what Unleash's bannerSchema allows and its console opens: an absolute http(s) URL, a
 * path of the console, or `dialog` (issue 31 §4). `javascript:` must never reach the console.
 */
function assertSafeLink(link: string | null | undefined): void {
  if (link === null || link === undefined || link === '') return;
  if (link === BANNER_DIALOG_LINK || isBannerConsolePath(link)) return;
  let parsed: URL;
  try {
    parsed = new URL(link);
  } catch {
    throw badData(`Invalid banner link: ${link.slice(0, 100)}`, [
      { message: 'link must be an http(s) URL, a path of the console or "dialog"', path: 'link' },
    ]);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw badData('Invalid banner link: only http and https links are allowed', [
      { message: 'link must be an http(s) URL, a path of the console or "dialog"', path: 'link' },
    ]);
  }
}

const missing = (id: number) => notFound(`Could not find banner with id ${id}`);

/**
 * Banners (Unleash's `banners` domain, API.md §10.3): every change is one transaction with its
 * event (`banner-created`, `banner-updated`, `banner-deleted`; on/off are updates).
 */
export function createBannerService(db: Db) {
  async function change(
    id: number,
    actor: AuditActor,
    apply: (trx: Transaction<Database>) => Promise<Banner>,
  ): Promise<Banner> {
    return db.transaction().execute(async (trx) => {
      const before = await bannerStore.get(trx, id, true);
      if (!before) throw missing(id);
      const after = await apply(trx);
      await appendEvent(trx, { type: 'banner-updated', ...actor, data: after, preData: before });
      return after;
    });
  }

  return {
    list: () => bannerStore.list(db),

    async create(input: CreateBanner, actor: AuditActor): Promise<Banner> {
      assertSafeLink(input.link);
      return db.transaction().execute(async (trx) => {
        // Serialises creations so the bound holds with concurrent requests.
        await bannerStore.lockAll(trx);
        if ((await bannerStore.count(trx)) >= MAX_BANNERS) {
          throw new ApiError(
            'ExceedsLimitError',
            `Failed to create banner. You can't create more than the established limit of ${MAX_BANNERS}.`,
          );
        }
        const banner = await bannerStore.insert(trx, input);
        await appendEvent(trx, { type: 'banner-created', ...actor, data: banner });
        return banner;
      });
    },

    update(id: number, input: CreateBanner, actor: AuditActor): Promise<Banner> {
      assertSafeLink(input.link);
      return change(id, actor, (trx) => bannerStore.update(trx, id, input));
    },

    setEnabled(id: number, enabled: boolean, actor: AuditActor): Promise<Banner> {
      return change(id, actor, (trx) => bannerStore.setEnabled(trx, id, enabled));
    },

    async remove(id: number, actor: AuditActor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await bannerStore.get(trx, id, true);
        if (!before) throw missing(id);
        await bannerStore.remove(trx, id);
        await appendEvent(trx, { type: 'banner-deleted', ...actor, preData: before });
      });
    },
  };
}

export type BannerService = ReturnType<typeof createBannerService>;
