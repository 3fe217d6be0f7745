import { useNow } from '../../stores/use-now';
import { formatExact, formatRelative, toEpoch } from './format-relative';

export interface RelativeTimeProps {
  value: string | number | Date | null | undefined;
  /** Shown when there is no date ("never", "–"). */
  fallback?: string;
}

/**
 * A date as people say it ("5 minutes ago", "in 3 days"), kept current as time passes, with the
 * exact time in the hover text and in the `datetime` attribute for assistive technology.
 */
export function RelativeTime({ value, fallback = '–' }: RelativeTimeProps) {
  const now = useNow();
  const at = toEpoch(value);
  if (at === null) return <>{fallback}</>;
  return (
    // The browser's own hover text: a Mantine tooltip per cell weighs on lists of 50 rows.
    <time dateTime={new Date(at).toISOString()} title={formatExact(at)} data-testid="relative-time">
      {formatRelative(at, now)}
    </time>
  );
}
