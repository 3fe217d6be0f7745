import type { BulkMetrics, ClientApplication, ClientMetrics } from '../../../contract';
import { badData, type ErrorDetail } from '../../lib/errors';

/**
 * What SDKs report is stored as text in PostgreSQL, which refuses NUL and whose driver silently
 * turns lone UTF-16 surrogates into U+FFFD. One such string in a flush batch used to fail the
 * whole batch, every flush after it, until restart (issue 12 §5): so what cannot be stored
 * faithfully is refused at the door with a 400, as a schema failure would be.
 */

/** Longest name stored: Unleash's own columns for these names are varchar(255). */
export const MAX_REPORTED_NAME_LENGTH = 255;

// Without the `u` flag a regex sees UTF-16 code units, so a lone surrogate is one it can match.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what must be found.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored as reported, or undefined when it can. */
export function unstorableReason(value: string, maxLength = MAX_REPORTED_NAME_LENGTH): string | undefined {
  if (value.length > maxLength) return `must NOT have more than ${maxLength} characters`;
  if (UNSTORABLE.test(value)) return 'must not contain NUL characters or unpaired surrogates';
  return undefined;
}

export function isStorableName(value: string): boolean {
  return unstorableReason(value) === undefined;
}

class Problems {
  readonly details: ErrorDetail[] = [];

  check(value: string | null | undefined, path: string, maxLength?: number): void {
    if (typeof value !== 'string' || this.details.length >= 10) return;
    const reason = unstorableReason(value, maxLength);
    if (reason) this.details.push({ path, message: `The ${path} property ${reason}` });
  }

  throwIfAny(): void {
    const first = this.details[0];
    if (first) throw badData(first.message, this.details);
  }
}

function checkIdentity(problems: Problems, body: ClientMetrics | ClientApplication): void {
  problems.check(body.appName, '/body/appName');
  problems.check(body.instanceId, '/body/instanceId');
  problems.check(body.sdkVersion, '/body/sdkVersion');
}

export function assertStorableRegistration(body: ClientApplication): void {
  const problems = new Problems();
  checkIdentity(problems, body);
  body.strategies.forEach((name, index) => {
    problems.check(name, `/body/strategies/${index}`);
  });
  problems.throwIfAny();
}

export function assertStorableMetrics(body: ClientMetrics): void {
  const problems = new Problems();
  checkIdentity(problems, body);
  const toggles = body.bucket?.toggles;
  if (toggles) {
    for (const name in toggles) {
      if (!Object.hasOwn(toggles, name)) continue;
      const path = `/body/bucket/toggles/${name}`;
      problems.check(name, path);
      const variants = toggles[name]?.variants;
      if (variants) for (const variant in variants) problems.check(variant, `${path}/variants`);
    }
  }
  problems.throwIfAny();
}

export function assertStorableBulk(body: BulkMetrics): void {
  const problems = new Problems();
  body.applications.forEach((app, index) => {
    const path = `/body/applications/${index}`;
    problems.check(app.appName, `${path}/appName`);
    problems.check(app.instanceId, `${path}/instanceId`);
    problems.check(app.environment, `${path}/environment`);
    problems.check(app.sdkVersion, `${path}/sdkVersion`);
    app.strategies?.forEach((name, i) => {
      problems.check(name, `${path}/strategies/${i}`);
    });
    app.projects?.forEach((name, i) => {
      problems.check(name, `${path}/projects/${i}`);
    });
  });
  body.metrics.forEach((metric, index) => {
    const path = `/body/metrics/${index}`;
    problems.check(metric.featureName, `${path}/featureName`);
    problems.check(metric.appName, `${path}/appName`);
    problems.check(metric.environment, `${path}/environment`);
    if (metric.variants) for (const variant in metric.variants) problems.check(variant, `${path}/variants`);
  });
  problems.throwIfAny();
}
