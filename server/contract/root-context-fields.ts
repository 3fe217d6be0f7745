/**
 * The context fields an SDK sends at the root of its context (Unleash's static context fields);
 * every other name lives in `properties`. One list for the evaluation engine, the playground, the
 * blast-radius sampler and the console's constraint editor.
 */
export const ROOT_CONTEXT_FIELDS = [
  'appName',
  'environment',
  'userId',
  'sessionId',
  'remoteAddress',
  'currentTime',
] as const;

export type RootContextField = (typeof ROOT_CONTEXT_FIELDS)[number];

const ROOT_FIELD_SET: ReadonlySet<string> = new Set(ROOT_CONTEXT_FIELDS);

/** Whether `name` is read at the context's root rather than from its properties. */
export function isRootContextField(name: string): name is RootContextField {
  return ROOT_FIELD_SET.has(name);
}
