import type {
  BlastRadiusPreview,
  BlastRadiusProposal,
  BlastRadiusSettings,
  BlastRadiusSettingsView,
  ClientSegment,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { FlagRepository } from '../../evaluation';
import type { AuditActor } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import { appendEvent } from '../events';
import { getFeature, getFeatureEnvironment, getStrategies } from '../feature-toggles';
import { getProject } from '../projects';
import { getSegmentsByIds } from '../segments';
import { previewBlastRadius } from './blast-radius-preview';
import {
  countContextsByEnvironment,
  deleteAllContexts,
  hasSamplingSettings,
  listRecentContexts,
  readSamplingSettings,
  SAMPLING_SETTING,
  writeSamplingSettings,
} from './blast-radius-store';
import { applyProposals } from './combined-proposals';
import { type ContextSampler, SAMPLING_LIMITS } from './context-sampler';
import { checkedProposal, milestoneStarted, requestProposals, waitingPlansStarted } from './proposal-loaders';
import { applyProposal, type FlagEnvironmentState, toPreviewSide } from './proposed-flag';

/** The most contexts one preview evaluates (the most recently seen), twice per context. */
export const MAX_PREVIEW_CONTEXTS = 10_000;

export interface BlastRadiusServiceDeps {
  db: Db;
  sampler: ContextSampler;
  /** The SDK APIs' in-memory state of an environment: parents and segments as served. */
  evaluationState(environment: string): Promise<{ repository: FlagRepository }>;
}

const notFound = (message: string) => new ApiError('NotFoundError', message);

/**
 * How many recently seen contexts get the flag before and after a proposed change, evaluated on
 * the SDK APIs' state of the environment.
 */
async function previewBlastRadiusOf(
  { db, evaluationState }: Omit<BlastRadiusServiceDeps, 'sampler'>,
  projectId: string,
  featureName: string,
  environment: string,
  proposal: BlastRadiusProposal,
): Promise<BlastRadiusPreview> {
  const feature = await getFeature(db, featureName);
  if (!feature || feature.project !== projectId || feature.archivedAt) {
    throw notFound(`There's no feature named "${featureName}" in project "${projectId}".`);
  }
  const state = await getFeatureEnvironment(db, featureName, environment);
  if (!state) throw notFound(`Could not find environment ${environment} for feature ${featureName}.`);
  const [strategies, project, settings, contexts, served] = await Promise.all([
    getStrategies(db, featureName, environment),
    getProject(db, projectId),
    readSamplingSettings(db),
    listRecentContexts(db, environment, MAX_PREVIEW_CONTEXTS),
    evaluationState(environment),
  ]);
  const sampled = (await countContextsByEnvironment(db)).find((row) => row.environment === environment);
  const current: FlagEnvironmentState = {
    flag: served.repository.getFlag(featureName) ?? { name: featureName, enabled: false, variants: [] },
    enabled: state.enabled,
    strategies,
  };
  const defaults = { stickiness: project?.defaultStickiness ?? 'default' };
  const target = { projectId, featureName, environment };
  const proposed =
    proposal.kind === 'start-milestone'
      ? await milestoneStarted(db, current, target, proposal)
      : proposal.kind === 'change-request'
        ? applyProposals(
            current,
            await requestProposals(db, feature, target, proposal.changeRequestId),
            defaults,
          )
        : proposal.kind === 'toggle' && proposal.enabled && !current.enabled
          ? await waitingPlansStarted(db, applyProposal(current, proposal, defaults), target)
          : applyProposal(current, await checkedProposal(db, feature, proposal), defaults);
  const segmentIds = new Set([...current.strategies, ...proposed.strategies].flatMap((row) => row.segments));
  const segments: ClientSegment[] = (await getSegmentsByIds(db, [...segmentIds])).map((segment) => ({
    id: segment.id,
    name: segment.name,
    constraints: segment.constraints,
  }));
  const counts = previewBlastRadius({
    before: toPreviewSide(current, served.repository, segments),
    after: toPreviewSide(proposed, served.repository, segments),
    contexts,
  });
  return { ...counts, sampled: sampled?.contexts ?? 0, samplingEnabled: settings.enabled };
}

export function createBlastRadiusService({ db, sampler, evaluationState }: BlastRadiusServiceDeps) {
  return {
    async getSettings(): Promise<BlastRadiusSettingsView> {
      const [settings, sampled] = await Promise.all([
        readSamplingSettings(db),
        countContextsByEnvironment(db),
      ]);
      return { settings, sampled, maxContextsPerEnvironment: SAMPLING_LIMITS.maxContextsPerEnvironment };
    },

    /**
     * Saves the settings with their event. Turning sampling off, or changing which fields are
     * sensitive or how they are protected, deletes what was stored under the old rules: a field
     * newly marked sensitive must not stay in clear in old rows.
     */
    async updateSettings(input: BlastRadiusSettings, actor: AuditActor): Promise<BlastRadiusSettingsView> {
      const settings: BlastRadiusSettings = {
        ...input,
        sensitiveFields: [...new Set(input.sensitiveFields)],
      };
      await db.transaction().execute(async (trx) => {
        const existed = await hasSamplingSettings(trx);
        const before = await readSamplingSettings(trx);
        await writeSamplingSettings(trx, settings);
        const privacyChanged =
          before.sensitiveMode !== settings.sensitiveMode ||
          before.sensitiveFields.join('\u0000') !== settings.sensitiveFields.join('\u0000');
        if (!settings.enabled || privacyChanged) await deleteAllContexts(trx);
        await appendEvent(trx, {
          type: existed ? 'setting-updated' : 'setting-created',
          ...actor,
          data: { id: SAMPLING_SETTING, ...settings },
          preData: existed ? { id: SAMPLING_SETTING, ...before } : undefined,
        });
      });
      sampler.settingsChanged(settings);
      return this.getSettings();
    },

    preview: (
      projectId: string,
      featureName: string,
      environment: string,
      proposal: BlastRadiusProposal,
    ): Promise<BlastRadiusPreview> =>
      previewBlastRadiusOf({ db, evaluationState }, projectId, featureName, environment, proposal),
  };
}

export type BlastRadiusService = ReturnType<typeof createBlastRadiusService>;
