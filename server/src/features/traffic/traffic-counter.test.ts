import { describe, expect, it } from 'vitest';
import { apiGroupOf, createTrafficCounter } from './traffic-counter';

describe('traffic counter', () => {
  it('groups paths by API', () => {
    expect(apiGroupOf('/api/admin/projects')).toBe('/api/admin');
    expect(apiGroupOf('/api/client/features')).toBe('/api/client');
    expect(apiGroupOf('/api/frontend')).toBe('/api/frontend');
    expect(apiGroupOf('/api/frontendish')).toBe('other');
    expect(apiGroupOf('/health')).toBe('other');
  });

  it('counts per day, API group and outcome, and drains once', () => {
    const counter = createTrafficCounter();
    const at = new Date('2026-11-28T10:00:00Z');
    counter.record('/api/client/features', 200, at);
    counter.record('/api/client/features', 304, at);
    counter.record('/api/client/features', 401, at);
    counter.record('/api/admin/projects', 200, new Date('2026-11-29T00:00:01Z'));
    expect(counter.drain()).toEqual([
      { day: '2026-11-28', apiPath: '/api/client', trafficGroup: 'successful-requests', count: 2 },
      { day: '2026-11-28', apiPath: '/api/client', trafficGroup: 'failed-requests', count: 1 },
      { day: '2026-11-29', apiPath: '/api/admin', trafficGroup: 'successful-requests', count: 1 },
    ]);
    expect(counter.drain()).toEqual([]);
    counter.restore([
      { day: '2026-11-28', apiPath: '/api/admin', trafficGroup: 'failed-requests', count: 3 },
    ]);
    expect(counter.drain()).toEqual([
      { day: '2026-11-28', apiPath: '/api/admin', trafficGroup: 'failed-requests', count: 3 },
    ]);
  });

  it('gives per-second rates of finished minutes within the last hour', () => {
    const counter = createTrafficCounter();
    const minute = Date.parse('2026-11-28T10:00:00Z');
    for (let i = 0; i < 120; i++) counter.record('/api/client/features', 200, new Date(minute + 1000));
    counter.record('/api/admin/projects', 200, new Date(minute + 61_000));
    counter.record('/api/client/features', 200, new Date(minute - 3_600_000));
    const client = counter.rates(new Date(minute + 61_500), (route) => route.startsWith('/api/client'));
    expect(client).toEqual([{ route: '/api/client/features', values: [[minute / 1000 + 60, '2.0000']] }]);
    // The running minute is not finished yet.
    expect(counter.rates(new Date(minute + 61_500), (route) => route.startsWith('/api/admin'))).toEqual([]);
  });
});
