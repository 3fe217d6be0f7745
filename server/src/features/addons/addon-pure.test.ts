import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../contract';
import { createSecretBox } from '../../lib/secret-box';
import { matchesFilters } from './addon-filters';
import {
  maskParameters,
  mergeWithStored,
  normalizeParameters,
  openParameters,
  sealParameters,
} from './addon-parameters';
import { afterAttempt, circuitPausedUntil, DEFAULT_DELIVERY_POLICY, retryDelayMs } from './delivery-policy';
import { displayUrlOf, withBaseUrl } from './providers/provider-types';
import { webhookProvider } from './providers/webhook-provider';
import { signatureHeader, verifySignature } from './webhook-signature';

const event: AuditEvent = {
  id: 12,
  type: 'feature-environment-enabled',
  createdBy: 'alice',
  createdByUserId: 3,
  createdAt: '2026-11-25T10:00:00.000Z',
  data: { name: 'checkout' },
  preData: null,
  tags: [],
  featureName: 'checkout',
  project: 'web',
  environment: 'production',
};

describe('filters (Unleash semantics)', () => {
  const filters = {
    events: ['feature-environment-enabled'],
    projects: ['web'],
    environments: ['production'],
  };
  it('passes a matching event and refuses another type, project or environment', () => {
    expect(matchesFilters(filters, event)).toBe(true);
    expect(matchesFilters(filters, { ...event, type: 'feature-created' })).toBe(false);
    expect(matchesFilters(filters, { ...event, project: 'mobile' })).toBe(false);
    expect(matchesFilters(filters, { ...event, environment: 'development' })).toBe(false);
  });
  it('passes everything for an empty or * filter, and an event without the field', () => {
    expect(
      matchesFilters(
        { ...filters, projects: [], environments: ['*'] },
        { ...event, project: 'x', environment: 'y' },
      ),
    ).toBe(true);
    expect(matchesFilters(filters, { ...event, environment: null, project: null })).toBe(true);
  });
});

describe('retry and circuit policy', () => {
  const policy = {
    ...DEFAULT_DELIVERY_POLICY,
    retryBaseMs: 1000,
    retryCapMs: 5000,
    maxAttempts: 4,
    circuitThreshold: 3,
  };
  it('backs off exponentially up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(policy, attempt))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
  });
  it('retries until the last attempt, then gives up', () => {
    const now = new Date(0);
    expect(afterAttempt(policy, false, 1, now)).toEqual({ kind: 'retry', at: new Date(1000) });
    expect(afterAttempt(policy, false, 4, now)).toEqual({ kind: 'give-up' });
    expect(afterAttempt(policy, true, 4, now)).toEqual({ kind: 'delivered' });
  });
  it('opens the circuit at the threshold', () => {
    expect(circuitPausedUntil(policy, 2, new Date(0))).toBeNull();
    expect(circuitPausedUntil(policy, 3, new Date(0))).toEqual(new Date(policy.circuitPauseMs));
  });
});

describe('webhook signatures', () => {
  it('is HMAC-SHA256 of "<t>.<body>" in hex, as the README tells receivers', () => {
    const header = signatureHeader('whsec_x', '{"a":1}', 1_700_000_000);
    const expected = createHmac('sha256', 'whsec_x').update('1700000000.{"a":1}').digest('hex');
    expect(header).toBe(`t=1700000000,v1=${expected}`);
    expect(verifySignature(header, 'whsec_x', '{"a":1}', 1_700_000_100)).toBe('valid');
    expect(verifySignature(header, 'whsec_y', '{"a":1}', 1_700_000_100)).toBe('mismatch');
    expect(verifySignature(header, 'whsec_x', '{"a":1}', 1_700_000_301)).toBe('expired');
    expect(verifySignature('t=abc', 'whsec_x', '{"a":1}', 0)).toBe('malformed');
    expect(verifySignature(undefined, 'whsec_x', '', 0)).toBe('malformed');
  });
});

describe('parameters', () => {
  const box = createSecretBox(Buffer.alloc(32, 7));
  it('seals sensitive values for one addon, opens them back, masks them in answers', () => {
    const values = normalizeParameters(webhookProvider, {
      url: ' https://h.example/x ',
      contentType: 'text/plain',
      unknown: 'dropped',
      authorization: '',
    });
    expect(values).toEqual({ url: 'https://h.example/x', contentType: 'text/plain' });
    const sealed = sealParameters(webhookProvider, 5, values, box);
    expect(sealed.url).toMatch(/^sy1\./);
    expect(sealed.contentType).toBe('text/plain');
    expect(openParameters(webhookProvider, 5, sealed, box)).toEqual(values);
    expect(() => openParameters(webhookProvider, 6, sealed, box)).toThrow();
    expect(maskParameters(webhookProvider, sealed)).toEqual({ url: '*****', contentType: 'text/plain' });
  });
  it('keeps a stored secret when the mask or nothing comes back, replaces it when a new value does', () => {
    const stored = { url: 'https://old', authorization: 'Bearer old' };
    expect(mergeWithStored(webhookProvider, { url: '*****' }, stored)).toEqual(stored);
    expect(mergeWithStored(webhookProvider, { url: 'https://new', authorization: '*****' }, stored)).toEqual({
      url: 'https://new',
      authorization: 'Bearer old',
    });
  });
});

describe('URLs', () => {
  it('shows no secret parts and moves fixed provider URLs only when configured', () => {
    expect(displayUrlOf('https://u:p@h.example/a/b?token=1')).toBe('https://h.example/a/b');
    expect(displayUrlOf('https://hooks.slack.com/services/T/B/secret', true)).toBe(
      'https://hooks.slack.com/\u2026',
    );
    const context = { publicUrl: null, baseUrls: { datadog: 'http://127.0.0.1:9' } };
    expect(withBaseUrl('https://api.datadoghq.com/api/v1/events', 'datadog', context)).toBe(
      'http://127.0.0.1:9/api/v1/events',
    );
    expect(withBaseUrl('https://slack.com/api/chat.postMessage', 'slack-app', context)).toBe(
      'https://slack.com/api/chat.postMessage',
    );
  });
});
