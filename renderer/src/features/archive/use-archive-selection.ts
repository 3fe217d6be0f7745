import { useState } from 'react';
import type { FeatureSearchResult } from '../../../../server/contract';
import { useServerWrite } from '../../stores/use-mutations';
import { archiveApi, byProject } from './archive-api';

/**
 * The archive's selection and its bulk actions: revive and delete, one call per project,
 * with the last outcome (error or done notice) kept for the screen to show.
 */
export function useArchiveSelection(rows: readonly FeatureSearchResult[]) {
  const write = useServerWrite({ kind: 'flag-archive' });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [reviving, setReviving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const chosen = rows.filter((flag) => selected.has(flag.name));

  async function inEachProject(
    flags: readonly FeatureSearchResult[],
    call: (project: string, names: string[]) => Promise<unknown>,
  ) {
    for (const [flagProject, names] of byProject(flags)) await call(flagProject, names);
    setSelected(new Set());
  }

  async function revive(flags: readonly FeatureSearchResult[]) {
    setReviving(true);
    setError(null);
    try {
      await write((api) => inEachProject(flags, archiveApi(api).revive));
      setDone(flags.length === 1 ? `${flags[0]!.name} revived.` : `${flags.length} flags revived.`);
    } catch (caught) {
      setError(caught);
    } finally {
      setReviving(false);
    }
  }

  async function removeChosen() {
    const count = chosen.length;
    await write((api) => inEachProject(chosen, archiveApi(api).remove));
    setDone(`${count} ${count === 1 ? 'flag' : 'flags'} deleted.`);
  }

  const toggle = (name: string, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  return {
    selected,
    setSelected,
    chosen,
    toggle,
    reviving,
    revive,
    removeChosen,
    error,
    done,
    allChosen: rows.length > 0 && chosen.length === rows.length,
  };
}
