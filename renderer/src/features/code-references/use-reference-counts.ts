import type { CodeReferenceCounts } from '../../../../server/contract';
import { useServerData } from '../../stores/use-server-data';
import { REFERENCE_COUNTS_KEY } from './code-references-api';

const NONE: ReadonlyMap<string, number> = new Map();

/** References in scanned code per flag name (the flag list's "In code" column). */
export function useReferenceCounts(): ReadonlyMap<string, number> {
  const counts = useServerData(REFERENCE_COUNTS_KEY, (api, signal) =>
    api.client.get<CodeReferenceCounts>('/api/admin/code-references/counts', undefined, signal),
  );
  const data = counts.data;
  if (!data) return NONE;
  return new Map(data.flags.map((row) => [row.flag, row.references]));
}
