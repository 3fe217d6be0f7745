import { Anchor, Badge, Button, Group, Tooltip } from '@mantine/core';
import type { Feature } from '../../api/flag-api';
import { Guarded } from '../../components/Guarded/Guarded';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { Link } from '../../router/navigation';
import { projectPath } from '../../router/paths';
import { useConsoleState } from '../../stores/console-context';
import { useEditingLock } from '../../stores/editing-lock';
import { usePermissionReason } from '../../stores/permissions';
import { useNow } from '../../stores/use-now';
import { OFFLINE_REASON } from './use-online-flag-action';

/** A flag's name, type, staleness, project and creation, with the archive button. */
export function FlagHeader({
  project,
  data,
  savedAt,
  fromCache,
  onArchive,
}: {
  project: string;
  data: Feature;
  savedAt: number | null;
  fromCache: boolean;
  onArchive: () => void;
}) {
  const now = useNow();
  const offline = useConsoleState((state) => state.connectivity === 'offline');
  const lock = useEditingLock();
  const denied = usePermissionReason('DELETE_FEATURE', { project });
  return (
    <PageHeader
      title={data.name}
      description={
        <Group gap="xs" component="span">
          <Badge component="span" variant="light">
            {data.type}
          </Badge>
          {data.stale ? (
            <Badge component="span" color="orange">
              stale
            </Badge>
          ) : null}
          <span>
            in{' '}
            <Anchor component={Link} to={projectPath(project)}>
              {data.project}
            </Anchor>
            {data.createdAt ? (
              <>
                , created <RelativeTime value={data.createdAt} />
              </>
            ) : null}
            {data.createdBy ? ` by ${data.createdBy.name}` : ''}
          </span>
        </Group>
      }
      savedAt={savedAt}
      fromCache={fromCache}
      now={now}
      actions={
        denied ? (
          <Guarded reason={denied}>
            <Button color="red" variant="light" onClick={onArchive}>
              Archive
            </Button>
          </Guarded>
        ) : (
          <Tooltip label={lock ?? OFFLINE_REASON} disabled={!offline && lock === null}>
            <Button color="red" variant="light" disabled={offline || lock !== null} onClick={onArchive}>
              Archive
            </Button>
          </Tooltip>
        )
      }
    />
  );
}
