import { useCallback, useEffect, useRef, useState } from 'react';
import type { QueryLike } from '../../components/QueryState/QueryState';
import type { DesktopShell } from '../../platform/platform';
import { useConsole } from '../../stores/console-context';

/** The desktop app's shell, or null in a browser tab. */
export function useDesktopShell(): DesktopShell | null {
  return useConsole().services.platform.desktop ?? null;
}

export interface DesktopQuery<T> extends QueryLike<T> {
  reload: () => void;
  /** Replaces the data with what main pushed or answered, e.g. after a save. */
  setData: (data: T) => void;
}

/**
 * One call to main, loaded on mount, with the QueryState shape the console's screens use.
 * The data comes from this machine's main process, so unlike server data it is never cached.
 */
export function useDesktopQuery<T>(
  shell: DesktopShell,
  load: (shell: DesktopShell) => Promise<T>,
): DesktopQuery<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const generation = useRef(0);

  const reload = useCallback(() => {
    const mine = ++generation.current;
    setLoading(true);
    loadRef.current(shell).then(
      (value) => {
        if (mine !== generation.current) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (caught: unknown) => {
        if (mine !== generation.current) return;
        setError(caught);
        setLoading(false);
      },
    );
  }, [shell]);

  useEffect(() => {
    reload();
    return () => {
      generation.current += 1;
    };
  }, [reload]);

  return { data, loading, error, reload, setData };
}
