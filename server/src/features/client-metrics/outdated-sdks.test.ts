import { describe, expect, it } from 'vitest';
import { isOutdatedSdk } from './outdated-sdks';

describe('outdated SDKs', () => {
  it.each([
    ['unleash-client-node:5.3.1', true],
    ['unleash-client-node:5.3.2', false],
    ['unleash-node-sdk:6.5.9', true],
    ['unleash-node-sdk:6.6.0', false],
    ['unleash-client-java:9.1.9', true],
    ['unleash-java-sdk:11.0.2', false],
    ['unleash-client-php:1.0.0', true],
    ['unleash-client-node:6.0.0-beta.1', false],
    ['unleash-client-node:5.0.0-beta.1', true],
  ])('%s is outdated: %s', (sdk, outdated) => {
    expect(isOutdatedSdk(sdk)).toBe(outdated);
  });

  it.each([
    null,
    '',
    'unleash-client-node',
    'unleash-client-node:x.y',
    'my-own-sdk:0.0.1',
    'a:b:c',
    'constructor:0.0.1',
  ])('leaves %j alone', (sdk) => {
    expect(isOutdatedSdk(sdk)).toBe(false);
  });
});
