import type { FlagCodeReferences } from '../../../../server/contract';
import type { ApiClient } from '../../api/client';
import type { FlagRef } from '../../api/flag-api';

export type { FlagCodeReferences };

const enc = encodeURIComponent;

/** Where a flag is used in code (pushed by `switchyard code-refs scan --push`). */
export const flagReferencesPath = ({ project, name }: FlagRef) =>
  `/api/admin/projects/${enc(project)}/features/${enc(name)}/code-references`;

export const flagReferencesKey = (flag: FlagRef) => `flag-code-references:${flag.project}:${flag.name}`;

export function createCodeReferencesApi(client: ApiClient) {
  return {
    ofFlag: (flag: FlagRef, signal?: AbortSignal) =>
      client.get<FlagCodeReferences>(flagReferencesPath(flag), undefined, signal),
  };
}

const KIND_WORDS: Record<string, string> = {
  isEnabled: 'isEnabled',
  getVariant: 'getVariant',
  useFlag: 'useFlag',
  useVariant: 'useVariant',
  openfeature: 'OpenFeature',
  mention: 'mention',
};

export const kindWord = (kind: string) => KIND_WORDS[kind] ?? kind;

export const REFERENCE_COUNTS_KEY = 'code-reference-counts';
