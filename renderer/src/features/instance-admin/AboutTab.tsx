import { Alert, Stack, Text } from '@mantine/core';
import { QueryState } from '../../components/QueryState/QueryState';
import { useServerData } from '../../stores/use-server-data';
import { instanceAdminApi } from './instance-admin-api';

/** The server's version and license state: Switchyard has no paid tier, so no license is needed. */
export function AboutTab() {
  const config = useServerData('ui-config', (api, signal) => instanceAdminApi(api.client).uiConfig(signal));
  const license = useServerData('license-check', (api, signal) =>
    instanceAdminApi(api.client).licenseCheck(signal),
  );
  return (
    <Stack gap="sm" maw={640}>
      <QueryState query={config} noun="the server's version">
        {(data) => (
          <Text size="sm">
            Switchyard <strong data-testid="server-version">{data.version}</strong> at {data.unleashUrl}
          </Text>
        )}
      </QueryState>
      <Alert color="green" variant="light" title="Everything is included, no license needed">
        Every feature is part of Switchyard: there is no paid tier and nothing to unlock. Unleash tools that
        ask for a license are told it is valid and unlimited
        {license.data?.isValid ? ' (the license check answers: valid).' : '.'}
      </Alert>
    </Stack>
  );
}
