import { useEffect, useState } from 'react';
import { useConsole } from './console-context';

/**
 * The console clock at this render, with a re-render every `intervalMs` so ages ("5 minutes ago")
 * stay current while nothing else changes.
 */
export function useNow(intervalMs = 30_000): number {
  const { services } = useConsole();
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = window.setInterval(() => setTick((tick) => tick + 1), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return services.now();
}
