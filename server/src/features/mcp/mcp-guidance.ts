import type { ToolAnswer } from './mcp-flag-actions';

/** How code asks for a flag, per language, with the SDK Switchyard serves (Unleash's or OpenFeature's). */
const SNIPPETS: Record<string, (flag: string) => string> = {
  node: (flag) => `import { initialize } from 'unleash-client';

const unleash = initialize({ url: process.env.UNLEASH_URL + '/api/', appName: 'my-app', customHeaders: { Authorization: process.env.UNLEASH_TOKEN } });

if (unleash.isEnabled('${flag}', { userId })) {
  // new behaviour
} else {
  // current behaviour
}`,
  react: (flag) => `import { useFlag } from '@unleash/proxy-client-react';

export function Feature() {
  const enabled = useFlag('${flag}');
  return enabled ? <NewThing /> : <CurrentThing />;
}`,
  python: (flag) => `from UnleashClient import UnleashClient

client = UnleashClient(url=UNLEASH_URL + "/api", app_name="my-app", custom_headers={"Authorization": UNLEASH_TOKEN})
client.initialize_client()

if client.is_enabled("${flag}", {"userId": user_id}):
    ...  # new behaviour
else:
    ...  # current behaviour`,
  go: (flag) => `if unleash.IsEnabled("${flag}", unleash.WithContext(context.Context{UserId: userID})) {
	// new behaviour
} else {
	// current behaviour
}`,
  java: (flag) => `if (unleash.isEnabled("${flag}", UnleashContext.builder().userId(userId).build())) {
    // new behaviour
} else {
    // current behaviour
}`,
  dotnet: (flag) => `if (unleash.IsEnabled("${flag}", new UnleashContext { UserId = userId }))
{
    // new behaviour
}
else
{
    // current behaviour
}`,
  openfeature: (flag) => `import { OpenFeature } from '@openfeature/server-sdk';

const client = OpenFeature.getClient();
if (await client.getBooleanValue('${flag}', false, { targetingKey: userId })) {
  // new behaviour
} else {
  // current behaviour
}`,
};

export const GUIDANCE_LANGUAGES = Object.keys(SNIPPETS) as [string, ...string[]];

/** "Wrap a change": the snippet that puts new code behind the flag, and what to do after. */
export function wrapChange(input: { flag: string; language: string }): ToolAnswer {
  const snippet = SNIPPETS[input.language]?.(input.flag);
  if (!snippet)
    throw new Error(`No snippet for "${input.language}"; one of ${GUIDANCE_LANGUAGES.join(', ')}`);
  const text = [
    `Put the new code path behind ${input.flag}, keeping the current one as the fallback:`,
    '',
    snippet,
    '',
    'Keep both paths until the flag is rolled out to 100% everywhere and marked stale; then remove the flag check and the old path, and archive the flag.',
  ].join('\n');
  return { text, data: { flag: input.flag, language: input.language, snippet } };
}
