import {
  CODE_REFERENCE_LIMITS,
  type CodeReferenceCounts,
  type CodeReferencePush,
  type FlagCodeReferences,
} from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../lib/caller';
import { ApiError, notFound } from '../../lib/errors';
import { callerHas } from '../access';
import { type Actor, appendEvent } from '../events';
import { lineLink } from './code-reference-rules';
import {
  countRepositories,
  deleteRepository,
  existingFlags,
  referenceCounts,
  referencesOfFlag,
  replaceRepository,
  repositoryExists,
} from './code-reference-store';

export type CodeReferenceService = ReturnType<typeof createCodeReferenceService>;

/**
 * Keeps references to this server's flags that the caller may change (UPDATE_FEATURE in the
 * flag's project), at most `referencesPerFlag` each; the rest are counted as ignored.
 */
function acceptable(push: CodeReferencePush, flags: Map<string, string>, caller: Caller) {
  const perFlag = new Map<string, number>();
  const kept = push.references.filter((reference) => {
    const project = flags.get(reference.flag);
    if (project === undefined || !callerHas(caller, 'UPDATE_FEATURE', { project })) return false;
    const count = perFlag.get(reference.flag) ?? 0;
    if (count >= CODE_REFERENCE_LIMITS.referencesPerFlag) return false;
    perFlag.set(reference.flag, count + 1);
    return true;
  });
  return kept;
}

type ReferenceRow = Awaited<ReturnType<typeof referencesOfFlag>>[number];

/** A flag's reference rows as the flag page shows them: per repository, with host links. */
function groupByRepository(flag: string, rows: ReferenceRow[]): FlagCodeReferences {
  const repositories = new Map<string, FlagCodeReferences['repositories'][number]>();
  let lastSeen: Date | null = null;
  for (const row of rows) {
    const repository = repositories.get(row.repository) ?? {
      name: row.repository,
      url: row.url,
      branch: row.branch,
      commit: row.commit,
      scannedAt: row.scanned_at.toISOString(),
      references: [],
    };
    repository.references.push({
      path: row.path,
      line: row.line,
      kind: row.kind,
      context: row.context as string[],
      lastChangedAt: row.last_changed_at?.toISOString() ?? null,
      link: lineLink(row.url, row.commit, row.path, row.line),
    });
    repositories.set(row.repository, repository);
    if (!lastSeen || row.scanned_at > lastSeen) lastSeen = row.scanned_at;
  }
  return {
    flag,
    total: rows.length,
    lastSeenInCode: lastSeen?.toISOString() ?? null,
    repositories: [...repositories.values()],
  };
}

export function createCodeReferenceService(db: Db) {
  return {
    /** A scan's references replace the repository's, in one transaction with its event. */
    push: (push: CodeReferencePush, caller: Caller, actor: Actor) =>
      inTransaction(db, async (trx) => {
        const known = await repositoryExists(trx, push.repository.name);
        if (!known && (await countRepositories(trx)) >= CODE_REFERENCE_LIMITS.repositoriesKept) {
          throw new ApiError(
            'ConflictError',
            `This server keeps references for ${CODE_REFERENCE_LIMITS.repositoriesKept} repositories: remove one first.`,
          );
        }
        const flags = await existingFlags(trx, [
          ...new Set(push.references.map((reference) => reference.flag)),
        ]);
        const kept = acceptable(push, flags, caller);
        await replaceRepository(trx, push.repository, kept, actor.name);
        await appendEvent(trx, {
          type: 'code-references-updated',
          createdBy: actor.name,
          createdByUserId: actor.userId,
          data: { ...push.repository, references: kept.length },
        });
        return {
          repository: push.repository.name,
          stored: kept.length,
          ignored: push.references.length - kept.length,
        };
      }),

    async ofFlag(flag: string): Promise<FlagCodeReferences> {
      return groupByRepository(flag, await referencesOfFlag(db, flag));
    },

    async counts(hiddenProjects: ReadonlySet<string>): Promise<CodeReferenceCounts> {
      const rows = await referenceCounts(db, [...hiddenProjects]);
      return {
        flags: rows.map((row) => ({
          flag: row.flag,
          references: Number(row.references),
          repositories: Number(row.repositories),
        })),
      };
    },

    removeRepository: (name: string, actor: Actor) =>
      inTransaction(db, async (trx) => {
        if (!(await repositoryExists(trx, name)))
          throw notFound(`No code references from repository "${name}"`);
        await deleteRepository(trx, name);
        await appendEvent(trx, {
          type: 'code-references-removed',
          createdBy: actor.name,
          createdByUserId: actor.userId,
          preData: { name },
        });
      }),
  };
}
