import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { as, createUser, login, type Send } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Bundle, BundleSigningKey, TrustedKey } from '../../../contract';

const ENV = 'development';

async function flagIn(test: TestApp, project: string, name: string, rollout: string) {
  await call(
    test,
    'POST',
    `/api/admin/projects/${project}/features`,
    { name, description: `${name} v1` },
    201,
  );
  await call(
    test,
    'POST',
    `/api/admin/projects/${project}/features/${name}/environments/${ENV}/strategies`,
    { name: 'flexibleRollout', parameters: { rollout, stickiness: 'default', groupId: name } },
    200,
  );
  await call(
    test,
    'POST',
    `/api/admin/projects/${project}/features/${name}/environments/${ENV}/on`,
    undefined,
    200,
  );
}

describe('signed bundles and trusted keys (issue 18)', () => {
  let test: TestApp;
  let viewer: Send;
  let ownKey: BundleSigningKey;

  const exportFrom = (project: string) =>
    call<Bundle>(test, 'POST', '/api/admin/bundles/export', { environment: ENV, project }, 200);
  const apply = (bundle: Bundle, project: string, extra: object = {}) =>
    test.request('POST', '/api/admin/bundles/apply', { bundle, project, environment: ENV, ...extra });
  /** Moves flags away so another project may take their names (a flag name lives in one project). */
  const removeFlags = async (project: string, names: string[]) => {
    for (const name of names) {
      await call(test, 'DELETE', `/api/admin/projects/${project}/features/${name}`, undefined, 202);
      await call(test, 'DELETE', `/api/admin/archive/${name}`, undefined, 200);
    }
  };

  beforeAll(async () => {
    test = await createTestApp();
    await createUser(test, { username: 'viewer', rootRole: 'Viewer' });
    viewer = as(test, { cookie: await login(test, 'viewer') });
    for (const id of ['source', 'target', 'other'])
      await call(test, 'POST', '/api/admin/projects', { id, name: id }, 201);
    await flagIn(test, 'source', 'bx-checkout', '25');
    await flagIn(test, 'source', 'bx-banner', '50');
  });
  afterAll(async () => {
    await test.close();
  });

  it('generates the signing key on first use, sealed in the database, once', async () => {
    const before = await latestEventId(test.db);
    ownKey = await call<BundleSigningKey>(test, 'GET', '/api/admin/bundles/signing-key', undefined, 200);
    expect(ownKey).toMatchObject({ algorithm: 'ed25519', source: 'database' });
    expect(ownKey.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await call(test, 'GET', '/api/admin/bundles/signing-key', undefined, 200)).toEqual(ownKey);
    const created = (await eventsAfter(test.db, before)).filter(
      (e) => e.type === 'bundle-signing-key-created',
    );
    expect(created).toHaveLength(1);
    const stored = await test.db
      .selectFrom('settings')
      .select('content')
      .where('name', '=', 'bundleSigningKey')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.content)).toMatch(/"sealedPrivateKey":"sy1\./);
  });

  it('exports a signed bundle with its metadata; verify finds it intact but not yet trusted', async () => {
    const bundle = await exportFrom('source');
    expect(bundle.metadata).toMatchObject({
      environment: ENV,
      author: 'admin',
      selection: 'project: source',
    });
    expect(bundle.export.features.map((f) => f.name).sort()).toEqual(['bx-banner', 'bx-checkout']);
    // Switchyard's extension of the file: the receiving instance keeps the strategies' order.
    expect(bundle.export.featureStrategies.map((s) => s.sortOrder)).toEqual([
      expect.any(Number),
      expect.any(Number),
    ]);
    expect(bundle.signature?.fingerprint).toBe(ownKey.fingerprint);
    const verification = await call(test, 'POST', '/api/admin/bundles/verify', { bundle }, 200);
    expect(verification).toMatchObject({
      hash: bundle.hash,
      hashValid: true,
      signed: true,
      signatureValid: true,
      trusted: false,
      signer: { fingerprint: ownKey.fingerprint, trusted: false, name: null },
      problems: [`The signer ${ownKey.fingerprint} is not a trusted key`],
    });
  });

  it('refuses an untrusted bundle with 403 and writes nothing', async () => {
    const bundle = await exportFrom('source');
    const before = await latestEventId(test.db);
    const response = await apply(bundle, 'other');
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('OperationDeniedError');
    expect(await eventsAfter(test.db, before)).toEqual([]);
  });

  it('manages trusted keys: add (with event), duplicate 409, bad key 400, rename, viewers 403', async () => {
    const before = await latestEventId(test.db);
    const added = await call<TrustedKey>(
      test,
      'POST',
      '/api/admin/bundles/trusted-keys',
      { name: 'this instance', publicKey: ownKey.publicKey },
      201,
    );
    expect(added).toMatchObject({
      name: 'this instance',
      fingerprint: ownKey.fingerprint,
      addedBy: 'admin',
    });
    const duplicate = await test.request('POST', '/api/admin/bundles/trusted-keys', {
      name: 'again',
      publicKey: ownKey.publicKey,
    });
    expect(duplicate.statusCode).toBe(409);
    const bad = await test.request('POST', '/api/admin/bundles/trusted-keys', {
      name: 'x',
      publicKey: 'AAAA',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('publicKey');
    const renamed = await call<TrustedKey>(
      test,
      'PUT',
      `/api/admin/bundles/trusted-keys/${added.id}`,
      { name: 'staging' },
      200,
    );
    expect(renamed.name).toBe('staging');
    expect((await viewer('GET', '/api/admin/bundles/trusted-keys')).statusCode).toBe(403);
    expect(
      (await viewer('POST', '/api/admin/bundles/verify', { bundle: await exportFrom('source') })).statusCode,
    ).toBe(403);
    const events = await eventsAfter(test.db, before);
    expect(events.map((e) => e.type).filter((t) => t.startsWith('bundle-trusted'))).toEqual([
      'bundle-trusted-key-added',
      'bundle-trusted-key-updated',
    ]);
    const { keys } = await call<{ keys: TrustedKey[] }>(
      test,
      'GET',
      '/api/admin/bundles/trusted-keys',
      undefined,
      200,
    );
    expect(keys.map((k) => k.name)).toEqual(['staging']);
  });

  it('plans a trusted bundle: readable diff per environment, nothing written', async () => {
    await flagIn(test, 'target', 'bx-target-only', '10');
    const bundle = await exportFrom('source');
    await removeFlags('source', ['bx-checkout', 'bx-banner']);
    const before = await latestEventId(test.db);
    const plan = await call<{
      verification: { trusted: boolean; signer: { name: string } };
      errors: unknown[];
      diff: Record<string, unknown>;
    }>(test, 'POST', '/api/admin/bundles/plan', { bundle, project: 'target', environment: ENV }, 200);
    expect(plan.verification).toMatchObject({ trusted: true, signer: { name: 'staging' } });
    expect(plan.errors).toEqual([]);
    expect(plan.diff).toMatchObject({
      project: 'target',
      environment: ENV,
      added: ['bx-checkout', 'bx-banner'].sort(),
      changed: [],
      unchanged: [],
      removed: ['bx-target-only'],
    });
    expect(await eventsAfter(test.db, before)).toEqual([]);
  });

  it('applies a trusted bundle; the event records hash and signer in the import’s transaction', async () => {
    await flagIn(test, 'source', 'bx-applied', '5');
    const bundle = await call<Bundle>(
      test,
      'POST',
      '/api/admin/bundles/export',
      { environment: ENV, features: ['bx-applied'] },
      200,
    );
    await removeFlags('source', ['bx-applied']);
    const before = await latestEventId(test.db);
    const response = await apply(bundle, 'target');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      overridden: false,
      result: { summary: { features: { created: ['bx-applied'] } } },
    });
    const events = await eventsAfter(test.db, before);
    const applied = events.find((e) => e.type === 'bundle-applied');
    expect(applied).toMatchObject({
      id: body.eventId,
      project: 'target',
      environment: ENV,
      data: {
        hash: bundle.hash,
        signer: ownKey.fingerprint,
        signerName: 'staging',
        trusted: true,
        overridden: false,
      },
    });
    // The import's own events come first, in the same commit.
    expect(events.map((e) => e.type)).toContain('features-imported');
    expect(events.at(-1)?.type).toBe('bundle-applied');
  });

  it('a failing import leaves no bundle-applied event (one transaction)', async () => {
    const bundle = await exportFrom('target');
    const before = await latestEventId(test.db);
    const response = await apply(bundle, 'no-such-project');
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await eventsAfter(test.db, before)).toEqual([]);
  });

  it('a bundle with one byte changed is refused (400); an admin override applies it and is recorded', async () => {
    await flagIn(test, 'source', 'bx-tampered', '40');
    const bundle = await call<Bundle>(
      test,
      'POST',
      '/api/admin/bundles/export',
      { environment: ENV, features: ['bx-tampered'] },
      200,
    );
    await removeFlags('source', ['bx-tampered']);
    const text = JSON.stringify(bundle);
    const at = text.indexOf('"rollout":"40"') + '"rollout":"'.length;
    const tampered = JSON.parse(`${text.slice(0, at)}9${text.slice(at + 1)}`) as Bundle;
    const before = await latestEventId(test.db);
    const refused = await apply(tampered, 'target');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().name).toBe('BadDataError');
    expect(await eventsAfter(test.db, before)).toEqual([]);
    const verification = await call<{ hashValid: boolean; signatureValid: boolean; trusted: boolean }>(
      test,
      'POST',
      '/api/admin/bundles/verify',
      { bundle: tampered },
      200,
    );
    expect(verification).toMatchObject({ hashValid: false, signatureValid: false, trusted: false });

    const overridden = await apply(tampered, 'target', { override: true });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json().overridden).toBe(true);
    const applied = (await eventsAfter(test.db, before)).find((e) => e.type === 'bundle-applied');
    expect(applied?.data).toMatchObject({ overridden: true, trusted: false, statedHash: bundle.hash });
    expect((applied?.data as { hash?: string } | undefined)?.hash).not.toBe(bundle.hash);
    const strategies = await call<{ strategies: Array<{ parameters: { rollout: string } }> }>(
      test,
      'GET',
      `/api/admin/projects/target/features/bx-tampered/environments/${ENV}`,
      undefined,
      200,
    );
    expect(strategies.strategies[0]?.parameters.rollout).toBe('90');
  });

  it('an unsigned bundle is refused (403) unless overridden', async () => {
    const bundle = { ...(await exportFrom('target')), signature: null };
    expect((await apply(bundle, 'target')).statusCode).toBe(403);
    const response = await apply(bundle, 'target', { override: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ overridden: true, verification: { signed: false } });
  });

  it('existing flags are updated: strategies, variants, tags and description; the answer lists them as changed', async () => {
    // Target holds bx-applied; a newer state of it arrives from elsewhere.
    const current = await exportFrom('target');
    const file = structuredClone(current.export);
    const feature = file.features.find((f) => f.name === 'bx-applied')!;
    feature.description = 'bx-applied v2';
    file.featureStrategies = file.featureStrategies.map((s) =>
      s.featureName === 'bx-applied' ? { ...s, parameters: { ...s.parameters, rollout: '75' } } : s,
    );
    file.featureEnvironments = file.featureEnvironments!.map((e) =>
      e.featureName === 'bx-applied'
        ? { ...e, variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }] }
        : e,
    );
    file.featureTags = [{ featureName: 'bx-applied', tagType: 'simple', tagValue: 'moved' }];
    file.tagTypes = [{ name: 'simple' }];
    const signer = generateKeyPairSync('ed25519').privateKey;
    const { signBundle } = await import('./bundle-codec');
    const bundle = signBundle(file, current.metadata, signer);
    const response = await apply(bundle, 'target', { override: true });
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json().result.summary;
    expect(summary.features.changed).toEqual(['bx-applied']);
    const parts = summary.featureChanges.find((c: { feature: string }) => c.feature === 'bx-applied').parts;
    expect(parts).toEqual(
      expect.arrayContaining(['type, description or impression data', 'strategies', 'variants', 'tags']),
    );
    const flag = await call<{ description: string; tags?: unknown }>(
      test,
      'GET',
      '/api/admin/projects/target/features/bx-applied',
      undefined,
      200,
    );
    expect(flag.description).toBe('bx-applied v2');
    const env = await call<{ strategies: Array<{ parameters: { rollout: string } }> }>(
      test,
      'GET',
      `/api/admin/projects/target/features/bx-applied/environments/${ENV}`,
      undefined,
      200,
    );
    expect(env.strategies.map((s) => s.parameters.rollout)).toEqual(['75']);
    const variants = await call<{ variants: Array<{ name: string }> }>(
      test,
      'GET',
      `/api/admin/projects/target/features/bx-applied/environments/${ENV}/variants`,
      undefined,
      200,
    );
    expect(variants.variants.map((v) => v.name)).toEqual(['blue']);
    const tags = await call<{ tags: Array<{ value: string }> }>(
      test,
      'GET',
      '/api/admin/features/bx-applied/tags',
      undefined,
      200,
    );
    expect(tags.tags.map((t) => t.value)).toEqual(['moved']);
  });

  it('removing a trusted key makes its bundles untrusted again (event recorded)', async () => {
    const { keys } = await call<{ keys: TrustedKey[] }>(
      test,
      'GET',
      '/api/admin/bundles/trusted-keys',
      undefined,
      200,
    );
    const before = await latestEventId(test.db);
    await call(test, 'DELETE', `/api/admin/bundles/trusted-keys/${keys[0]!.id}`, undefined, 200);
    expect((await eventsAfter(test.db, before)).map((e) => e.type)).toEqual(['bundle-trusted-key-removed']);
    expect((await test.request('DELETE', `/api/admin/bundles/trusted-keys/${keys[0]!.id}`)).statusCode).toBe(
      404,
    );
    const verification = await call<{ trusted: boolean }>(
      test,
      'POST',
      '/api/admin/bundles/verify',
      { bundle: await exportFrom('target') },
      200,
    );
    expect(verification.trusted).toBe(false);
  });
});

describe('a signing key given by SWITCHYARD_BUNDLE_SIGNING_KEY (the desktop app’s keychain)', () => {
  it('signs with it and stores none', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const test = await createTestApp({
      bundleSigningKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    });
    try {
      const key = await call<BundleSigningKey>(test, 'GET', '/api/admin/bundles/signing-key', undefined, 200);
      expect(key).toMatchObject({
        source: 'config',
        publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
      });
      const stored = await test.db
        .selectFrom('settings')
        .select('name')
        .where('name', '=', 'bundleSigningKey')
        .execute();
      expect(stored).toEqual([]);
    } finally {
      await test.close();
    }
  });

  it('a malformed stored key is a clear 500 naming the settings row, never an endless retry', async () => {
    const test = await createTestApp();
    try {
      await test.db
        .insertInto('settings')
        .values({ name: 'bundleSigningKey', content: JSON.stringify({ publicKey: 42 }) })
        .execute();
      const response = await test.request('GET', '/api/admin/bundles/signing-key');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ name: 'InternalError' });
      expect(response.json().message).toContain('settings row "bundleSigningKey"');
    } finally {
      await test.close();
    }
  });

  it('without it and without SECRETS_ENCRYPTION_KEY the signing key is refused with a 400, not kept in clear', async () => {
    const test = await createTestApp({ secretsKey: null });
    try {
      const response = await test.request('GET', '/api/admin/bundles/signing-key');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('SWITCHYARD_BUNDLE_SIGNING_KEY');
    } finally {
      await test.close();
    }
  });
});
