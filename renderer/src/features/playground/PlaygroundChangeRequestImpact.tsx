import { Box } from '@mantine/core';
import { QueryState } from '../../components/QueryState/QueryState';
import { useServerData } from '../../stores/use-server-data';
import { ChangeRequestBlastRadius } from '../blast-radius/index';
import { changeRequestKey, createChangeRequestApi } from '../change-requests/index';

/**
 * Beside a change request's playground answer: how many recently seen real users its changes
 * would flip (issue 15's blast radius), the same summary as on the request's own page. A change
 * request is read through its project, so this needs the one project the link names.
 */
export function PlaygroundChangeRequestImpact({ project, id }: { project: string; id: number }) {
  const query = useServerData(changeRequestKey(project, id), (api, signal) =>
    createChangeRequestApi(api.client).get(project, id, signal),
  );
  return (
    <Box mb="md">
      <QueryState query={query} noun="the change request">
        {(request) => <ChangeRequestBlastRadius request={request} />}
      </QueryState>
    </Box>
  );
}
