import { describe, expect, it } from 'vitest';
import { SDK_GUIDES, sdkUrls } from './sdk-snippets';

describe('SDK snippets', () => {
  it('derive the client and frontend URLs from a server root or an SDK listener’s …/api', () => {
    expect(sdkUrls('http://127.0.0.1:4242/unleash/')).toEqual({
      client: 'http://127.0.0.1:4242/unleash/api/',
      frontend: 'http://127.0.0.1:4242/unleash/api/frontend',
    });
    expect(sdkUrls('http://10.0.0.5:4243/api')).toEqual({
      client: 'http://10.0.0.5:4243/api/',
      frontend: 'http://10.0.0.5:4243/api/frontend',
    });
  });

  it('put the URL, token and application name into every SDK’s start-up code, quoted', () => {
    const values = { url: 'https://flags.example/api/', token: '*:development.abc"def', appName: 'my-app' };
    const expected: Record<string, string[]> = {
      node: [
        'initialize({',
        'url: "https://flags.example/api/"',
        'customHeaders: { Authorization: "*:development.abc\\"def" }',
      ],
      browser: ['new UnleashClient({', 'clientKey: "*:development.abc\\"def"', 'unleash.start();'],
      react: ['<FlagProvider config={config}>', 'clientKey: "*:development.abc\\"def"'],
      go: [
        'unleash.WithUrl("https://flags.example/api/")',
        'unleash.WithAppName("my-app")',
        'http.Header{"Authorization": {"*:development.abc\\"def"}}',
      ],
      java: [
        '.unleashAPI("https://flags.example/api/")',
        '.apiKey("*:development.abc\\"def")',
        '.appName("my-app")',
      ],
      python: [
        'UnleashClient(',
        'url="https://flags.example/api/"',
        'app_name="my-app"',
        'custom_headers={"Authorization": "*:development.abc\\"def"}',
      ],
      dotnet: [
        'UnleashApi = new Uri("https://flags.example/api/")',
        'AppName = "my-app"',
        '{ "Authorization", "*:development.abc\\"def" }',
      ],
    };
    expect(SDK_GUIDES.map((guide) => guide.id)).toEqual(Object.keys(expected));
    for (const guide of SDK_GUIDES) {
      const code = guide.snippet(values);
      for (const part of expected[guide.id] ?? []) expect(code, guide.id).toContain(part);
    }
  });
});
