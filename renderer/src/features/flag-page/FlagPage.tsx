import { Anchor } from '@mantine/core';
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
import { FlagSections } from './FlagSections';
import { FlagSettings } from './FlagSettings';

/** A flag's page (`/projects/:projectId/features/:featureId`): settings, environments, dependencies, tags, evaluations, history. */
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
            <FlagSettings flag={flag} feature={data} />
            <FlagChangeRequests project={project} name={name} />
            <FlagLifecycle flag={flag} />
            <FlagSections flag={flag} data={data} />
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
