import { describe, expect, it } from 'vitest';
import { parseSdkVersion } from './sdk-version';

describe('parseSdkVersion', () => {
  it('splits name:version at the last colon and keeps anything else whole', () => {
    expect(parseSdkVersion('unleash-node-sdk:6.12.1')).toEqual({
      name: 'unleash-node-sdk',
      version: '6.12.1',
    });
    expect(parseSdkVersion('unleash-client-java:9.2.0')).toEqual({
      name: 'unleash-client-java',
      version: '9.2.0',
    });
    expect(parseSdkVersion('custom-sdk')).toEqual({ name: 'custom-sdk', version: null });
    expect(parseSdkVersion(':1.0')).toEqual({ name: ':1.0', version: null });
    expect(parseSdkVersion('sdk:')).toEqual({ name: 'sdk:', version: null });
  });
});
