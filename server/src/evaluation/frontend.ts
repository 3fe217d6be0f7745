import type { ClientFeature, Context } from '../../contract';
import { type CompiledFlag, compilable, compiledFlagsOf } from './compiled';
import { type EvaluationDeps, evaluateOutcome, resolveDeps } from './evaluate';
import { hash32 } from './hashing';
import { disabledVariant, enabledVariant, type VariantDefinition, type VariantResult } from './variants';

/** The variant in a frontend API answer carries both spellings of the flag's state, always. */
export type FrontendVariant = VariantResult;

/** One entry of `GET /api/frontend`'s `toggles` (shared/unleash/API.md §3). */
export interface FrontendToggle {
  name: string;
  enabled: true;
  impressionData: boolean;
  variant: FrontendVariant;
}

/**
 * Evaluates every flag in the repository for one context and keeps the enabled ones, in
 * repository order. Project and environment filtering is the caller's, through the repository
 * it passes; so are the frontend API's context defaults (appName, sessionId, remoteAddress).
 */
export function evaluateFrontendToggles(context: Context, deps: EvaluationDeps): FrontendToggle[] {
  const resolved = resolveDeps(deps);
  const toggles: FrontendToggle[] = [];
  for (const flag of deps.repository.listFlags()) {
    const outcome = evaluateOutcome(flag, context, resolved);
    if (!outcome.enabled) continue;
    toggles.push({
      name: flag.name,
      enabled: true,
      impressionData: flag.impressionData === true,
      variant: outcome.variant ? enabledVariant(outcome.variant) : disabledVariant(true),
    });
  }
  return toggles;
}

/** A piece of a frontend body and its hash, serialised once and reused by every request. */
interface Fragment {
  json: string;
  hash: number;
}

const fragment = (json: string): Fragment => ({ json, hash: hash32(json, 0) });

// Keyed by the repository's own objects: a new snapshot brings new objects and the old
// fragments go with the old snapshot.
const togglePrefixes = new WeakMap<ClientFeature, Fragment>();
const variantFragments = new WeakMap<VariantDefinition, Fragment>();
const NO_VARIANT = fragment(JSON.stringify(disabledVariant(true)));

function togglePrefix(flag: ClientFeature): Fragment {
  let cached = togglePrefixes.get(flag);
  if (!cached) {
    const head = JSON.stringify({
      name: flag.name,
      enabled: true,
      impressionData: flag.impressionData === true,
    });
    // `{"name":…,"impressionData":false` + `,"variant":` — the variant and `}` follow.
    cached = fragment(`${head.slice(0, -1)},"variant":`);
    togglePrefixes.set(flag, cached);
  }
  return cached;
}

function variantFragment(definition: VariantDefinition | null): Fragment {
  if (!definition) return NO_VARIANT;
  let cached = variantFragments.get(definition);
  if (!cached) {
    cached = fragment(JSON.stringify(enabledVariant(definition)));
    variantFragments.set(definition, cached);
  }
  return cached;
}

/** A flag ready to render: its evaluation and its serialised head. */
interface RenderableFlag {
  evaluate: CompiledFlag['evaluate'];
  prefix: Fragment;
}

const renderables = new WeakMap<readonly CompiledFlag[], RenderableFlag[]>();

/** The flags with their heads serialised, once per flag list (per revision and scope). */
function renderableFlags(flags: readonly CompiledFlag[]): readonly RenderableFlag[] {
  let list = renderables.get(flags);
  if (!list) {
    list = flags.map(({ flag, evaluate }) => ({ evaluate, prefix: togglePrefix(flag) }));
    renderables.set(flags, list);
  }
  return list;
}

const interpretedLists = new WeakMap<readonly ClientFeature[], CompiledFlag[]>();

/** With custom strategies: the interpreter behind the compiled flags' shape. */
function interpreted(flags: readonly ClientFeature[]): readonly CompiledFlag[] {
  let list = interpretedLists.get(flags);
  if (!list) {
    list = flags.map((flag) => ({ flag, evaluate: (context, deps) => evaluateOutcome(flag, context, deps) }));
    interpretedLists.set(flags, list);
  }
  return list;
}

/** One MurmurHash3 block step, to fold fragment hashes into the body's hash. */
function mix(h: number, k: number): number {
  let x = Math.imul(k, 0xcc9e2d51);
  x = (x << 15) | (x >>> 17);
  let y = h ^ Math.imul(x, 0x1b873593);
  y = (y << 13) | (y >>> 19);
  return (Math.imul(y, 5) + 0xe6546b64) | 0;
}

export interface FrontendBody {
  /** `{"toggles":[…]}`, the same text `JSON.stringify({ toggles })` gives for evaluateFrontendToggles. */
  json: string;
  /** A weak validator derived from the body's fragments: equal bodies give equal tags on every instance. */
  etag: string;
}

/**
 * The frontend API's answer for one context, assembled from serialisations cached per flag and
 * per variant definition: a request evaluates and concatenates, but serialises and hashes
 * nothing it has seen before (the bench showed JSON.stringify and a hash of the whole body
 * costing as much as the evaluation itself).
 */
export function renderFrontendBody(context: Context, deps: EvaluationDeps): FrontendBody {
  const resolved = resolveDeps(deps);
  if (!deps.now) {
    // One clock reading per request: every DATE_* constraint of this answer sees the same instant.
    let at: Date | undefined;
    resolved.now = () => (at ??= new Date());
  }
  let json = '{"toggles":[';
  let hash = 0;
  let first = true;
  // Compiled once per repository (revision and scope): a request does only per-user work.
  const flags = compilable(deps)
    ? compiledFlagsOf(deps.repository)
    : interpreted(deps.repository.listFlags());
  for (const { evaluate, prefix } of renderableFlags(flags)) {
    const outcome = evaluate(context, resolved);
    if (!outcome.enabled) continue;
    const variant = variantFragment(outcome.variant);
    json += first ? `${prefix.json}${variant.json}}` : `,${prefix.json}${variant.json}}`;
    first = false;
    hash = mix(mix(hash, prefix.hash), variant.hash);
  }
  json += ']}';
  return { json, etag: `W/"${json.length.toString(16)}-${(mix(hash, json.length) >>> 0).toString(16)}"` };
}
