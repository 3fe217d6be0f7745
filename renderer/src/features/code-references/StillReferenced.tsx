import { Alert, List, Text } from '@mantine/core';
import type { FlagRef } from '../../api/flag-api';
import { useServerData } from '../../stores/use-server-data';
import { createCodeReferencesApi, flagReferencesKey } from './code-references-api';

const NAMED = 10;

/** Whether the flag is still used in scanned code (undefined while that is being asked). */
export function useStillReferenced(flag: FlagRef, asking: boolean): number | undefined {
  const references = useServerData(asking ? flagReferencesKey(flag) : null, (api, signal) =>
    createCodeReferencesApi(api.client).ofFlag(flag, signal),
  );
  return references.data?.total;
}

/**
 * Names the files that still use a flag about to be archived (issue 37 §2): archiving it makes
 * those calls answer their defaults. Nothing when no scan found it, or while asking.
 */
export function StillReferenced({ flag }: { flag: FlagRef }) {
  const references = useServerData(flagReferencesKey(flag), (api, signal) =>
    createCodeReferencesApi(api.client).ofFlag(flag, signal),
  );
  const data = references.data;
  if (!data || data.total === 0) return null;
  const places = data.repositories.flatMap((repository) =>
    repository.references.map((reference) => `${repository.name}: ${reference.path}:${reference.line}`),
  );
  return (
    <Alert color="red" variant="light" title="Still used in code" data-testid="still-referenced">
      <Text size="sm">
        The last scans found {data.total} use{data.total === 1 ? '' : 's'} of {flag.name}. After archiving,
        they get the SDK's default:
      </Text>
      <List size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {places.slice(0, NAMED).map((place) => (
          <List.Item key={place}>{place}</List.Item>
        ))}
      </List>
      {places.length > NAMED ? (
        <Text size="sm" mt={4}>
          and {places.length - NAMED} more (see Code references on the flag page).
        </Text>
      ) : null}
    </Alert>
  );
}
