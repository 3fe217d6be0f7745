import { describe, expect, it } from 'vitest';
import { frontendContext } from './frontend-context';

const facts = { ip: '203.0.113.9', newSessionId: () => 'fresh-session' };

describe('frontend context', () => {
  it('applies Unleash defaults to an empty request', () => {
    expect(frontendContext({}, facts)).toEqual({
      appName: 'frontend-api',
      environment: 'default',
      sessionId: 'fresh-session',
      remoteAddress: '203.0.113.9',
      properties: {},
    });
  });

  it('keeps the five top-level fields and moves every other key into properties', () => {
    expect(
      frontendContext(
        {
          appName: 'web',
          environment: 'production',
          userId: 'u1',
          sessionId: 's1',
          remoteAddress: '10.0.0.1',
          currentTime: '2020-01-01T00:00:00Z',
          country: 'SE',
          'properties[plan]': 'pro',
        },
        facts,
      ),
    ).toEqual({
      appName: 'web',
      environment: 'production',
      userId: 'u1',
      sessionId: 's1',
      remoteAddress: '10.0.0.1',
      properties: { currentTime: '2020-01-01T00:00:00Z', country: 'SE', plan: 'pro' },
    });
  });

  it('reads a POST body properties object and stringifies scalar values', () => {
    const context = frontendContext(
      { userId: 42, properties: { beta: true, tier: 3, nested: { no: 1 } } },
      facts,
    );
    expect(context.userId).toBe('42');
    expect(context.properties).toEqual({ beta: 'true', tier: '3' });
  });
});
