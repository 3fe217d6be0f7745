import { Text } from '@mantine/core';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PendingChangeNotice } from '../../components/PendingChangeNotice/PendingChangeNotice';

/** How the panel's last change ended: queued offline, done, or refused. */
export function StrategyActionNotices({
  queued,
  onCloseQueued,
  notice,
  error,
}: {
  queued: boolean;
  onCloseQueued: () => void;
  notice: string | null;
  error: unknown;
}) {
  return (
    <>
      {queued ? <PendingChangeNotice onClose={onCloseQueued} /> : null}
      {notice ? (
        <Text size="sm" c="teal" role="status">
          {notice}
        </Text>
      ) : null}
      {error ? <ErrorNotice error={error} title="The change was not made" /> : null}
    </>
  );
}
