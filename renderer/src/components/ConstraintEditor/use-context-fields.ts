import type { ContextField } from '../../api/types';
import { type ServerData, useServerData } from '../../stores/use-server-data';

/** The context fields (`GET /api/admin/context`), shared with the context fields screen's cache. */
export function useContextFields(): ServerData<ContextField[]> {
  return useServerData('context-fields', (api) => api.listContextFields());
}

/** A lookup of the legal values of each context field; empty when a field allows any value. */
export function legalValuesLookup(fields: readonly ContextField[] | undefined) {
  return (contextName: string): string[] =>
    fields?.find((field) => field.name === contextName)?.legalValues.map((legal) => legal.value) ?? [];
}
