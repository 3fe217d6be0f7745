import { Alert, Badge, Button, Group, Tooltip } from '@mantine/core';
import { createFlagPageApi, type FlagRef } from '../../api/flag-api';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { useServerData } from '../../stores/use-server-data';
import { FlagPageSection as Section } from './FlagPageSection';
import { FlagTimeline } from './FlagTimeline';
import { OFFLINE_REASON, useOnlineFlagAction } from './use-online-flag-action';

/** An archived flag's page: its header, a revive button and its history. */
export function ArchivedFlag({ flag }: { flag: FlagRef }) {
  const archived = useServerData(`flag-archived:${flag.project}/${flag.name}`, (api, signal) =>
    createFlagPageApi(api.client).findArchived(flag, signal),
  );
  const revive = useOnlineFlagAction(flag, 'revive', () => {});
  return (
    <QueryState query={archived} noun="the archive">
      {(found) =>
        found ? (
          <>
            <PageHeader
              title={flag.name}
              description={
                <Group gap="xs" component="span">
                  <Badge component="span" color="gray">
                    archived
                  </Badge>
                  <Badge component="span" variant="light">
                    {found.type}
                  </Badge>
                  <span>
                    in {flag.project}
                    {found.archivedAt ? (
                      <>
                        , archived <RelativeTime value={found.archivedAt} />
                      </>
                    ) : null}
                  </span>
                </Group>
              }
              actions={
                <Tooltip label={OFFLINE_REASON} disabled={!revive.offline}>
                  <Button loading={revive.busy} disabled={revive.offline} onClick={() => void revive.run()}>
                    Revive flag
                  </Button>
                </Tooltip>
              }
            />
            {revive.error ? <ErrorNotice error={revive.error} title="The flag was not revived" /> : null}
            <Alert color="gray" variant="light">
              This flag is archived: SDKs do not receive it. Revive it to change it again.
            </Alert>
            <Section title="History">
              <FlagTimeline name={flag.name} />
            </Section>
          </>
        ) : (
          <ErrorNotice
            error={new Error(`There is no flag named ${flag.name} in the project ${flag.project}.`)}
            title="Flag not found"
          />
        )
      }
    </QueryState>
  );
}
