import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Guarded } from '../../components/Guarded/Guarded';
import { navigate } from '../../router/navigation';
import { flagPath } from '../../router/paths';
import { permissionReason, usePermission } from '../../stores/permissions';
import { CreateFlagForm } from '../flags/index';
import { ConnectSdkGuide } from './ConnectSdkGuide';

/**
 * The flag list of a project without flags (first run): create the first flag, and beside it the
 * guide that gets an application talking to this server.
 */
export function EmptyProjectStart({ projectId }: { projectId: string }) {
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const scope = { project: projectId };
  const createReason = permissionReason(usePermission('CREATE_FEATURE', scope), 'CREATE_FEATURE', scope);
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text size="sm">
          This project has no flags yet: create your first flag, and connect the application that will use it.
        </Text>
        <Guarded reason={createReason}>
          <Button size="xs" onClick={() => setCreating(true)}>
            Create your first flag
          </Button>
        </Guarded>
      </Group>
      {pending ? (
        <Text size="sm">The flag {pending} is pending: it is created when the server is back.</Text>
      ) : null}
      <ConnectSdkGuide project={projectId} />
      <Modal opened={creating} onClose={() => setCreating(false)} title="New flag" size="lg">
        {creating ? (
          <CreateFlagForm
            defaultProject={projectId}
            onCancel={() => setCreating(false)}
            onDone={(result, created) => {
              setCreating(false);
              if (result === 'applied') navigate(flagPath(created));
              else setPending(created.name);
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
