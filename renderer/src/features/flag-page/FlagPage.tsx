import { Anchor, Stack } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../api/client';
import { createFlagPageApi, type FlagRef } from '../../api/flag-api';
import { QueryState } from '../../components/QueryState/QueryState';
import { Link } from '../../router/navigation';
import { projectPath } from '../../router/paths';
import { useServerData } from '../../stores/use-server-data';
import { FlagChangeRequests } from '../change-requests/index';
import { FlagLifecycle } from '../lifecycle/index';
import { ArchivedFlag } from './ArchivedFlag';
import { ArchiveFlagDialog } from './ArchiveFlagDialog';
import { FlagHeader } from './FlagHeader';
import classes from './FlagPage.module.css';
import { FlagActivity, FlagDetailSections, FlagEnvironments } from './FlagSections';
import { FlagSettings } from './FlagSettings';

/**
 * A flag's page (`/projects/:projectId/features/:featureId`), laid out as Unleash's: environments,
 * one block each, with evaluations and history below them; beside them (below them on narrow
 * windows) the flag's settings, lifecycle, tags, links and dependencies.
 */
export function FlagPage({ project, name }: FlagRef) {
  const flag = { project, name };
  const [archiving, setArchiving] = useState(false);
  const feature = useServerData(`flag:${project}/${name}`, (api, signal) =>
    createFlagPageApi(api.client).getFlag(flag, signal),
  );
  const back = (
    <Anchor component={Link} to={projectPath(project)} size="sm">
      ← Flags of {project}
    </Anchor>
  );

  if (isApiError(feature.error, 'NotFoundError')) {
    return (
      <>
        {back}
        <ArchivedFlag flag={flag} />
      </>
    );
  }

  return (
    <>
      {back}
      <QueryState query={feature} noun="the flag">
        {(data) => (
          <>
            <FlagHeader
              project={project}
              data={data}
              savedAt={feature.savedAt}
              fromCache={feature.fromCache}
              onArchive={() => setArchiving(true)}
            />
            <FlagChangeRequests project={project} name={name} />
            {/* Two columns from 75em (Unleash's layout): what the flag is beside where it serves.
                One column below: environments, then the details, then evaluations and history. */}
            <div className={classes.layout}>
              <div className={classes.environments}>
                <FlagEnvironments flag={flag} data={data} />
              </div>
              <Stack gap="md" className={classes.details} data-testid="flag-details">
                <FlagSettings flag={flag} feature={data} />
                <FlagLifecycle flag={flag} />
                <FlagDetailSections flag={flag} data={data} />
              </Stack>
              <div className={classes.activity}>
                <FlagActivity flag={flag} data={data} />
              </div>
            </div>
            <ArchiveFlagDialog
              flag={flag}
              feature={data}
              opened={archiving}
              onClose={() => setArchiving(false)}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
