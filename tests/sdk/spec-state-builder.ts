import type { SdkTestServer } from './sdk-server';
import { describeRefusal, sameWeights, weightsOf } from './spec-admin-answers';
import {
  namedDefinitions,
  SPEC_ENVIRONMENT,
  type SpecEvent,
  type SpecFeature,
  type SpecSegment,
  type SpecState,
  type SpecStrategy,
  type SpecVariant,
} from './spec-file';

/**
 * Builds a client-specification file's `state` on a running Switchyard through its admin API
 * only, the way an operator would, and records precisely which parts the admin API refuses or
 * changes, so the test can tell a case that cannot be expressed (skipped, with the reason) from
 * a case that must pass over HTTP.
 * https://github.com/Unleash/client-specification (npm @unleash/client-specification)
 */

/** Stickiness values that are not context fields (API.md §5.3). */
const BUILT_IN_STICKINESS = new Set(['default', 'random']);

export class SpecStateBuilder {
  /** Flags whose state the admin API refused (or only partly took): every case on them is skipped. */
  readonly refused = new Map<string, string>();
  /** Flags whose variants the admin API stored differently (weights normalised to 1000, sorted by name). */
  readonly variantsChanged = new Map<string, string>();
  /** The state as the spec means it once every event is applied: what the cases are about. */
  readonly features = new Map<string, SpecFeature>();
  /** Admin requests sent, for the report. */
  requests = 0;

  private readonly segmentIds = new Map<number, number>();
  private readonly refusedSegments = new Map<number, string>();
  private readonly contextFields = new Set<string>();
  private readonly strategyTypes = new Set<string>();
  private readonly created = new Set<string>();

  /**
   * `project`: the project every flag of the state goes to (the spec's `project` only names
   * Unleash's default one, and evaluation never reads it), so several files can share a server,
   * each seen by its own project-scoped token. `label` prefixes segment names for the same reason.
   */
  constructor(
    private readonly server: SdkTestServer,
    private readonly options: { project: string; label: string },
  ) {}

  /** The flags that exist on the server now (created and not archived). */
  get createdFlags(): string[] {
    return [...this.created];
  }

  private async admin(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
    this.requests += 1;
    return this.server.admin(method, path, body);
  }

  private async adminOk<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body: unknown,
    status: number,
  ) {
    this.requests += 1;
    return this.server.adminOk<T>(method, path, body, status);
  }

  /** Builds the whole state: a full payload, or delta events replayed in order. */
  async build(state: SpecState): Promise<void> {
    const events: SpecEvent[] =
      'events' in state
        ? state.events
        : [{ eventId: 0, type: 'hydration', features: state.features, segments: state.segments ?? [] }];
    await this.ensureProject();
    await this.prepareDefinitions(events);
    for (const event of events) await this.apply(event);
  }

  /**
   * Context fields and custom strategy types the state names, created first: Switchyard (like
   * Unleash's UI) only accepts constraints on existing context fields, and only strategies of a
   * known type. The spec's legacy strategies (gradualRollout*) become custom strategy types.
   */
  private async prepareDefinitions(events: SpecEvent[]): Promise<void> {
    const { contextNames, stickinessNames, strategyParameters } = namedDefinitions(events);

    const fields = await this.adminOk<{ name: string }[] | { contextFields?: { name: string }[] }>(
      'GET',
      '/api/admin/context',
      undefined,
      200,
    );
    for (const field of Array.isArray(fields) ? fields : (fields.contextFields ?? [])) {
      this.contextFields.add(field.name);
    }
    for (const name of [...stickinessNames].filter((name) => !BUILT_IN_STICKINESS.has(name))) {
      await this.ensureContextField(name, true);
    }
    for (const name of contextNames) await this.ensureContextField(name, false);

    const { strategies } = await this.adminOk<{ strategies: { name: string }[] }>(
      'GET',
      '/api/admin/strategies',
      undefined,
      200,
    );
    for (const strategy of strategies) this.strategyTypes.add(strategy.name);
    for (const [name, parameters] of strategyParameters) {
      if (this.strategyTypes.has(name)) continue;
      await this.adminOk(
        'POST',
        '/api/admin/strategies',
        {
          name,
          description: 'A strategy the client specification uses',
          parameters: [...parameters].map((parameter) => ({
            name: parameter,
            type: 'string',
            required: false,
          })),
        },
        201,
      );
      this.strategyTypes.add(name);
    }
  }

  private async ensureContextField(name: string, stickiness: boolean): Promise<void> {
    if (this.contextFields.has(name)) return;
    await this.adminOk('POST', '/api/admin/context', { name, stickiness }, 201);
    this.contextFields.add(name);
  }

  private async apply(event: SpecEvent): Promise<void> {
    switch (event.type) {
      case 'hydration': {
        for (const segment of event.segments ?? []) await this.upsertSegment(segment);
        for (const feature of event.features) await this.writeFeature(feature, { dependencies: false });
        await this.addDependencies(event.features);
        for (const feature of event.features) await this.setEnabled(feature);
        return;
      }
      case 'feature-updated': {
        await this.writeFeature(event.feature, { dependencies: true });
        await this.setEnabled(event.feature);
        return;
      }
      case 'feature-removed': {
        this.features.delete(event.featureName);
        if (this.created.has(event.featureName)) {
          const path = `/api/admin/projects/${this.options.project}/features/${encodeURIComponent(event.featureName)}`;
          await this.adminOk('DELETE', path, undefined, 202);
          this.created.delete(event.featureName);
        }
        this.refused.delete(event.featureName);
        this.variantsChanged.delete(event.featureName);
        return;
      }
      case 'segment-updated':
        await this.upsertSegment(event.segment);
        return;
      case 'segment-removed': {
        const id = this.segmentIds.get(event.segmentId);
        if (id !== undefined) await this.adminOk('DELETE', `/api/admin/segments/${id}`, undefined, 204);
        this.segmentIds.delete(event.segmentId);
        return;
      }
    }
  }

  private async upsertSegment(segment: SpecSegment): Promise<void> {
    const body = {
      name: `${this.options.label} ${segment.name ?? `segment ${segment.id}`}`,
      constraints: segment.constraints,
    };
    const existing = this.segmentIds.get(segment.id);
    const answer =
      existing === undefined
        ? await this.admin('POST', '/api/admin/segments', body)
        : await this.admin('PUT', `/api/admin/segments/${existing}`, body);
    if (answer.status === 201) {
      this.segmentIds.set(segment.id, (answer.body as { id: number }).id);
      this.refusedSegments.delete(segment.id);
    } else if (answer.status !== 204) {
      this.refusedSegments.set(segment.id, describeRefusal(`segment ${segment.id}`, answer));
    }
  }

  private async ensureProject(): Promise<void> {
    const { project } = this.options;
    await this.adminOk('POST', '/api/admin/projects', { id: project, name: project }, 201);
    const added = await this.admin('POST', `/api/admin/projects/${project}/environments`, {
      environment: SPEC_ENVIRONMENT,
    });
    // 409: a new project has the environment already.
    if (added.status !== 200 && added.status !== 409)
      throw new Error(describeRefusal('add environment', added));
  }

  private featurePath(feature: SpecFeature): string {
    return `/api/admin/projects/${this.options.project}/features/${encodeURIComponent(feature.name)}`;
  }

  private refuse(feature: SpecFeature, reason: string): void {
    if (!this.refused.has(feature.name)) this.refused.set(feature.name, reason);
  }

  /** Creates (or rewrites) a flag with its strategies, variants and, when asked, dependencies. */
  private async writeFeature(feature: SpecFeature, options: { dependencies: boolean }): Promise<void> {
    const { project } = this.options;
    this.features.set(feature.name, feature);
    this.refused.delete(feature.name);
    this.variantsChanged.delete(feature.name);
    const path = this.featurePath(feature);
    const metadata = {
      ...(feature.type ? { type: feature.type } : {}),
      ...(typeof feature.description === 'string' ? { description: feature.description } : {}),
      ...(feature.impressionData !== undefined ? { impressionData: feature.impressionData } : {}),
    };

    if (this.created.has(feature.name)) {
      await this.adminOk('PUT', path, { name: feature.name, ...metadata }, 200);
      const strategies = await this.adminOk<{ id: string }[]>(
        'GET',
        `${path}/environments/${SPEC_ENVIRONMENT}/strategies`,
        undefined,
        200,
      );
      for (const strategy of strategies) {
        await this.adminOk(
          'DELETE',
          `${path}/environments/${SPEC_ENVIRONMENT}/strategies/${strategy.id}`,
          undefined,
          200,
        );
      }
      await this.adminOk('DELETE', `${path}/dependencies`, undefined, 200);
    } else {
      const answer = await this.admin('POST', `/api/admin/projects/${project}/features`, {
        name: feature.name,
        ...metadata,
      });
      if (answer.status !== 201) {
        this.refuse(feature, describeRefusal(`create flag "${feature.name}"`, answer));
        return;
      }
      this.created.add(feature.name);
    }
    if (feature.stale) {
      await this.adminOk(
        'POST',
        `/api/admin/projects/${project}/stale`,
        { features: [feature.name], stale: true },
        202,
      );
    }

    for (const [index, strategy] of (feature.strategies ?? []).entries()) {
      await this.addStrategy(feature, index, strategy);
    }
    if (feature.variants?.length) {
      const answer = await this.admin(
        'PUT',
        `${path}/environments/${SPEC_ENVIRONMENT}/variants`,
        feature.variants.map((variant) => ({
          name: variant.name,
          weight: variant.weight,
          weightType: variant.weightType ?? 'variable',
          ...(variant.stickiness ? { stickiness: variant.stickiness } : {}),
          ...(variant.payload ? { payload: variant.payload } : {}),
          ...(variant.overrides ? { overrides: variant.overrides } : {}),
        })),
      );
      if (answer.status !== 200) {
        this.refuse(feature, describeRefusal('set flag variants', answer));
      } else {
        const stored = ((answer.body as { variants?: SpecVariant[] }).variants ??
          answer.body) as SpecVariant[];
        this.checkVariants(feature, 'flag variants', feature.variants, stored);
      }
    }
    if (options.dependencies) await this.addDependencies([feature]);
  }

  private async addStrategy(feature: SpecFeature, index: number, strategy: SpecStrategy): Promise<void> {
    const missing = (strategy.segments ?? []).find((id) => this.refusedSegments.has(id));
    if (missing !== undefined) {
      this.refuse(feature, this.refusedSegments.get(missing)!);
      return;
    }
    const body = {
      name: strategy.name,
      ...(strategy.parameters ? { parameters: strategy.parameters } : {}),
      constraints: strategy.constraints ?? [],
      // A segment the state does not define gets an id no segment has: the spec's "missing segment".
      segments: (strategy.segments ?? []).map((id) => this.segmentIds.get(id) ?? 1_000_000 + id),
      // The admin API requires a stickiness per strategy variant; a spec variant without one
      // inherits the strategy's, which is what the SDK does with a missing one (API.md §5.5).
      variants: (strategy.variants ?? []).map((variant) => ({
        name: variant.name,
        weight: variant.weight,
        weightType: variant.weightType ?? 'variable',
        stickiness: variant.stickiness ?? strategy.parameters?.stickiness ?? 'default',
        ...(variant.payload ? { payload: variant.payload } : {}),
      })),
    };
    const answer = await this.admin(
      'POST',
      `${this.featurePath(feature)}/environments/${SPEC_ENVIRONMENT}/strategies`,
      body,
    );
    const label = `strategy #${index + 1} (${strategy.name})`;
    if (answer.status !== 200) {
      this.refuse(feature, describeRefusal(`add ${label}`, answer));
      return;
    }
    const stored = answer.body as { parameters: Record<string, string>; variants: SpecVariant[] };
    const sent = strategy.parameters ?? {};
    const changed = Object.keys(stored.parameters).filter((key) => stored.parameters[key] !== sent[key]);
    if (changed.length > 0) {
      // A filled-in default (rollout, stickiness, groupId) is a different state from the spec's.
      this.refuse(
        feature,
        `add ${label} → the admin API set ${changed.map((key) => `${key}=${stored.parameters[key]}`).join(', ')}`,
      );
    }
    if (strategy.variants?.length)
      this.checkVariants(feature, `${label} variants`, strategy.variants, stored.variants);
  }

  private checkVariants(
    feature: SpecFeature,
    what: string,
    sent: SpecVariant[],
    stored: SpecVariant[],
  ): void {
    if (sameWeights(sent, stored)) return;
    if (this.variantsChanged.has(feature.name)) return;
    this.variantsChanged.set(
      feature.name,
      `${what}: the admin API stores weights per mille, sorted by name (${weightsOf(stored)}), the spec has ${weightsOf(sent)}`,
    );
  }

  /**
   * Dependencies on parents that have no parents of their own first: Unleash refuses a chain,
   * so the flags the spec gives a chain (or a cycle) are the ones refused, not their parents.
   */
  private async addDependencies(features: SpecFeature[]): Promise<void> {
    const hasParents = (name: string) => (this.features.get(name)?.dependencies?.length ?? 0) > 0;
    const links = features.flatMap((feature) =>
      (feature.dependencies ?? []).map((dependency) => ({ feature, dependency })),
    );
    const ordered = [
      ...links.filter((link) => !hasParents(link.dependency.feature)),
      ...links.filter((link) => hasParents(link.dependency.feature)),
    ];
    for (const { feature, dependency } of ordered) {
      if (!this.created.has(feature.name)) continue;
      const answer = await this.admin('POST', `${this.featurePath(feature)}/dependencies`, dependency);
      if (answer.status !== 200) {
        this.refuse(feature, describeRefusal(`depend on "${dependency.feature}"`, answer));
      }
    }
  }

  private async setEnabled(feature: SpecFeature): Promise<void> {
    if (!this.created.has(feature.name)) return;
    const answer = await this.admin(
      'POST',
      `${this.featurePath(feature)}/environments/${SPEC_ENVIRONMENT}/${feature.enabled ? 'on' : 'off'}`,
    );
    if (answer.status !== 200)
      this.refuse(feature, describeRefusal(`turn ${feature.enabled ? 'on' : 'off'}`, answer));
  }

  /**
   * Why a case cannot run over HTTP, or undefined when the state it reads is exactly the spec's.
   * A case reads its flag and, through dependencies, its parents (their variants only when the
   * dependency names variants); a case on a flag the state does not have reads nothing.
   */
  skipReason(
    toggleName: string,
    kind: 'isEnabled' | 'variant',
    seen = new Set<string>(),
  ): string | undefined {
    if (seen.has(toggleName)) return undefined;
    seen.add(toggleName);
    const refused = this.refused.get(toggleName);
    if (refused) return refused;
    if (kind === 'variant') {
      const changed = this.variantsChanged.get(toggleName);
      if (changed) return changed;
    }
    for (const dependency of this.features.get(toggleName)?.dependencies ?? []) {
      const parentKind = dependency.variants?.length ? 'variant' : 'isEnabled';
      const reason = this.skipReason(dependency.feature, parentKind, seen);
      if (reason) return `parent "${dependency.feature}": ${reason}`;
    }
    return undefined;
  }
}
