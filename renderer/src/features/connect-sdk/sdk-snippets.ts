/**
 * Copy-ready start-up code for the official Unleash SDKs, filled in with this server's URL, a token
 * and an application name. The option names follow each SDK's README (checked against the SDKs'
 * published documentation): a wrong name there is silently ignored by most SDKs, so they matter.
 */

/** Backend SDKs read the client API with a client token; browser SDKs the frontend API with a frontend token. */
export type SdkKind = 'client' | 'frontend';

export type SdkId = 'node' | 'browser' | 'react' | 'go' | 'java' | 'python' | 'dotnet';

export interface SnippetValues {
  /** The URL the SDK is given: `…/api/` for backend SDKs, `…/api/frontend` for browser ones. */
  url: string;
  token: string;
  appName: string;
}

export interface SdkGuide {
  id: SdkId;
  label: string;
  kind: SdkKind;
  /** Shell command that installs the SDK. */
  install: string;
  /** Code block language, for people reading it (no highlighter is loaded). */
  language: string;
  snippet(values: SnippetValues): string;
}

/** A string literal that survives any token or name: JSON quoting is valid in JS, Go, Java, Python and C#. */
const quoted = (value: string) => JSON.stringify(value);

export const SDK_GUIDES: readonly SdkGuide[] = [
  {
    id: 'node',
    label: 'Node.js',
    kind: 'client',
    install: 'npm install unleash-client',
    language: 'javascript',
    snippet: ({ url, token, appName }) => `const { initialize } = require('unleash-client');

const unleash = initialize({
  url: ${quoted(url)},
  appName: ${quoted(appName)},
  customHeaders: { Authorization: ${quoted(token)} },
});

unleash.on('synchronized', () => {
  console.log('my-flag is', unleash.isEnabled('my-flag') ? 'on' : 'off');
});
`,
  },
  {
    id: 'browser',
    label: 'Browser (JavaScript)',
    kind: 'frontend',
    install: 'npm install unleash-proxy-client',
    language: 'javascript',
    snippet: ({ url, token, appName }) => `import { UnleashClient } from 'unleash-proxy-client';

const unleash = new UnleashClient({
  url: ${quoted(url)},
  clientKey: ${quoted(token)},
  appName: ${quoted(appName)},
});

unleash.on('ready', () => {
  console.log('my-flag is', unleash.isEnabled('my-flag') ? 'on' : 'off');
});
unleash.start();
`,
  },
  {
    id: 'react',
    label: 'React',
    kind: 'frontend',
    install: 'npm install @unleash/proxy-client-react unleash-proxy-client',
    language: 'tsx',
    snippet: ({
      url,
      token,
      appName,
    }) => `import { FlagProvider, useFlag } from '@unleash/proxy-client-react';

const config = {
  url: ${quoted(url)},
  clientKey: ${quoted(token)},
  appName: ${quoted(appName)},
  refreshInterval: 15,
};

function MyComponent() {
  const enabled = useFlag('my-flag');
  return <p>my-flag is {enabled ? 'on' : 'off'}</p>;
}

export function App() {
  return (
    <FlagProvider config={config}>
      <MyComponent />
    </FlagProvider>
  );
}
`,
  },
  {
    id: 'go',
    label: 'Go',
    kind: 'client',
    install: 'go get github.com/Unleash/unleash-client-go/v4',
    language: 'go',
    snippet: ({ url, token, appName }) => `package main

import (
	"fmt"
	"net/http"

	"github.com/Unleash/unleash-client-go/v4"
)

func main() {
	unleash.Initialize(
		unleash.WithListener(&unleash.DebugListener{}),
		unleash.WithAppName(${quoted(appName)}),
		unleash.WithUrl(${quoted(url)}),
		unleash.WithCustomHeaders(http.Header{"Authorization": {${quoted(token)}}}),
	)
	unleash.WaitForReady()
	fmt.Println("my-flag is on:", unleash.IsEnabled("my-flag"))
}
`,
  },
  {
    id: 'java',
    label: 'Java',
    kind: 'client',
    install:
      'Maven: io.getunleash:unleash-client-java (Gradle: implementation("io.getunleash:unleash-client-java:<version>"))',
    language: 'java',
    snippet: ({ url, token, appName }) => `import io.getunleash.DefaultUnleash;
import io.getunleash.Unleash;
import io.getunleash.util.UnleashConfig;

UnleashConfig config = UnleashConfig.builder()
    .appName(${quoted(appName)})
    .instanceId(${quoted(`${appName}-1`)})
    .unleashAPI(${quoted(url)})
    .apiKey(${quoted(token)})
    .synchronousFetchOnInitialisation(true)
    .build();

Unleash unleash = new DefaultUnleash(config);
System.out.println("my-flag is on: " + unleash.isEnabled("my-flag"));
`,
  },
  {
    id: 'python',
    label: 'Python',
    kind: 'client',
    install: 'pip install UnleashClient',
    language: 'python',
    snippet: ({ url, token, appName }) => `from UnleashClient import UnleashClient

client = UnleashClient(
    url=${quoted(url)},
    app_name=${quoted(appName)},
    custom_headers={"Authorization": ${quoted(token)}},
)
client.initialize_client()

print("my-flag is on:", client.is_enabled("my-flag"))
`,
  },
  {
    id: 'dotnet',
    label: '.NET',
    kind: 'client',
    install: 'dotnet add package Unleash.Client',
    language: 'csharp',
    snippet: ({ url, token, appName }) => `using Unleash;

var settings = new UnleashSettings
{
    AppName = ${quoted(appName)},
    UnleashApi = new Uri(${quoted(url)}),
    CustomHttpHeaders = new Dictionary<string, string>
    {
        { "Authorization", ${quoted(token)} },
    },
};

var unleash = new DefaultUnleash(settings);
Console.WriteLine($"my-flag is on: {unleash.IsEnabled("my-flag")}");
`,
  },
];

export function sdkGuide(id: SdkId): SdkGuide {
  return SDK_GUIDES.find((guide) => guide.id === id) ?? SDK_GUIDES[0]!;
}

/** Shown in place of the secret until a token is created, so the snippet reads as a template. */
export function tokenPlaceholder(kind: SdkKind): string {
  return kind === 'client' ? '<client API token>' : '<frontend API token>';
}

/**
 * The SDK URLs under one server root (origin plus BASE_URI_PATH, or the desktop SDK listener's
 * `…/api`): backend SDKs want the API root with its trailing slash, browser SDKs the frontend API.
 */
export function sdkUrls(root: string): Record<SdkKind, string> {
  const trimmed = root.replace(/\/+$/, '');
  const api = trimmed.endsWith('/api') ? trimmed : `${trimmed}/api`;
  return { client: `${api}/`, frontend: `${api}/frontend` };
}
