import { Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { QueryState } from '../../components/QueryState/QueryState';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { instanceAdminApi } from './instance-admin-api';

/**
 * Maintenance mode on and off (GET/POST /api/admin/maintenance). This switch is the one control
 * that stays usable while the mode is on: turning it off is the one change the server accepts.
 */
export function MaintenanceTab() {
  const state = useServerData('maintenance', (api, signal) =>
    instanceAdminApi(api.client).maintenance(signal),
  );
  const write = useServerWrite({ kind: 'maintenance' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const set = async (enabled: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await write((api) => instanceAdminApi(api.client).setMaintenance(enabled));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" maw={640}>
      <Text size="sm">
        While maintenance mode is on, the server refuses every change made through the admin API (503), for
        everyone: flags, projects, users, tokens… SDKs keep receiving flags and sending metrics, people can
        still sign in and out, and scheduled changes and release-plan progressions wait until it is off.
      </Text>
      {error ? <ErrorNotice error={error} title="Maintenance mode was not changed" /> : null}
      <QueryState query={state} noun="the maintenance setting">
        {(data) => (
          <Switch
            label="Maintenance mode"
            description={data.enabled ? 'On: changes are refused' : 'Off: changes are accepted'}
            checked={data.enabled}
            disabled={busy}
            onChange={(event) => void set(event.currentTarget.checked)}
          />
        )}
      </QueryState>
    </Stack>
  );
}
