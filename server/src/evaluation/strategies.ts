import type { Context, StrategyParameters } from '../../contract';
import { resolveContextValue } from './context';
import { normalizedStrategyValue } from './hashing';
import { ipv4InRange } from './ip-address';

/** What a strategy may use besides its parameters and the context. */
export interface StrategyEnvironment {
  featureName: string;
  /** The host this evaluator runs on, for applicationHostname; undefined never matches. */
  hostname: string | undefined;
  /** Uniform in [0, 1), for random stickiness and gradualRolloutRandom. */
  random: () => number;
}

/** A strategy's own rule, applied after its constraints and segments have passed. */
export type StrategyImplementation = (
  parameters: Readonly<StrategyParameters>,
  context: Context,
  env: StrategyEnvironment,
) => boolean;

/** Comma lists in parameters tolerate whitespace around the commas (shared/unleash/API.md §5.3). */
export function splitList(value: string): string[] {
  return value.split(/\s*,\s*/);
}

function percentage(value: string | undefined): number {
  return Number(value);
}

/** In a rollout bucket when the percentage is positive and the id's bucket (1..100) is within it. */
function inRollout(id: string, groupId: string, rollout: number): boolean {
  return rollout > 0 && normalizedStrategyValue(id, groupId) <= rollout;
}

/** A random id in the same range the Node SDK draws from, so random stickiness spreads the same way. */
function randomStickinessId(random: () => number): string {
  return String(Math.round(random() * 10000) + 1);
}

function flexibleRolloutId(stickiness: string, context: Context, random: () => number): string | undefined {
  if (stickiness === 'default') return context.userId || context.sessionId || randomStickinessId(random);
  if (stickiness === 'random') return randomStickinessId(random);
  return resolveContextValue(context, stickiness);
}

/**
 * flexibleRollout: a missing custom stickiness field means "not in the rollout". A missing
 * groupId hashes with an empty group, as the Node SDK (and thus Unleash's frontend API) does;
 * the server always fills it in with the flag name when the strategy is saved.
 */
const flexibleRollout: StrategyImplementation = (parameters, context, env) => {
  const id = flexibleRolloutId(parameters.stickiness || 'default', context, env.random);
  if (!id) return false;
  return inRollout(id, parameters.groupId || '', percentage(parameters.rollout));
};

const userWithId: StrategyImplementation = (parameters, context) => {
  if (context.userId === undefined || !parameters.userIds) return false;
  return splitList(parameters.userIds).includes(context.userId);
};

const gradualRolloutUserId: StrategyImplementation = (parameters, context) =>
  Boolean(context.userId) &&
  inRollout(context.userId!, parameters.groupId || '', percentage(parameters.percentage));

const gradualRolloutSessionId: StrategyImplementation = (parameters, context) =>
  Boolean(context.sessionId) &&
  inRollout(context.sessionId!, parameters.groupId || '', percentage(parameters.percentage));

const gradualRolloutRandom: StrategyImplementation = (parameters, _context, env) =>
  percentage(parameters.percentage) >= Math.floor(env.random() * 100) + 1;

/** Exact match of any listed entry, or IPv4 CIDR containment; invalid entries are skipped. */
const remoteAddress: StrategyImplementation = (parameters, context) => {
  if (!parameters.IPs) return false;
  const address = context.remoteAddress;
  return splitList(parameters.IPs).some(
    (range) => range === address || (address !== undefined && ipv4InRange(address, range)),
  );
};

const applicationHostname: StrategyImplementation = (parameters, _context, env) => {
  if (!parameters.hostNames || env.hostname === undefined) return false;
  return splitList(parameters.hostNames.toLowerCase()).includes(env.hostname.toLowerCase());
};

/** The strategies every Unleash SDK implements; any other name evaluates to false. */
export const BUILT_IN_STRATEGIES: ReadonlyMap<string, StrategyImplementation> = new Map<
  string,
  StrategyImplementation
>([
  ['default', () => true],
  ['flexibleRollout', flexibleRollout],
  ['userWithId', userWithId],
  ['gradualRolloutUserId', gradualRolloutUserId],
  ['gradualRolloutSessionId', gradualRolloutSessionId],
  ['gradualRolloutRandom', gradualRolloutRandom],
  ['remoteAddress', remoteAddress],
  ['applicationHostname', applicationHostname],
]);
