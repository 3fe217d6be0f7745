import { Badge, Button, Group, Modal, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { QueryState } from '../../components/QueryState/QueryState';
import { RowActions, RowDeleteButton, RowEditButton } from '../../components/RowActions/RowActions';
import { useEditingLock } from '../../stores/editing-lock';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { BannerForm } from './BannerForm';
import { BannerMarkdown } from './BannerMarkdown';
import { type Banner, instanceAdminApi } from './instance-admin-api';

/** Banners shown at the top of the console for everyone signed in (Unleash's banners). */
export function BannersTab() {
  const banners = useServerData('banners', (api, signal) => instanceAdminApi(api.client).listBanners(signal));
  const write = useServerWrite({ kind: 'banner' });
  const lock = useEditingLock();
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Banner | null>(null);
  const [error, setError] = useState<unknown>(null);

  const toggle = async (banner: Banner, enabled: boolean) => {
    setError(null);
    try {
      await write((api) => instanceAdminApi(api.client).setBannerEnabled(banner.id, enabled));
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Enabled banners appear at the top of every screen for everyone signed in.
        </Text>
        <Button onClick={() => setEditing('new')} disabled={lock !== null} title={lock ?? undefined}>
          New banner
        </Button>
      </Group>
      {error ? <ErrorNotice error={error} title="The banner was not switched" /> : null}
      <QueryState
        query={banners}
        noun="banners"
        isEmpty={(data) => data.banners.length === 0}
        empty={<Text size="sm">No banners yet.</Text>}
      >
        {(data) => (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Message</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Shown</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.banners.map((banner) => (
                <Table.Tr key={banner.id}>
                  <Table.Td>
                    <BannerMarkdown text={banner.message} />
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{banner.variant}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      checked={banner.enabled}
                      disabled={lock !== null}
                      aria-label={`Banner ${banner.id} shown`}
                      onChange={(event) => void toggle(banner, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <RowActions>
                      <RowEditButton label={`banner ${banner.id}`} onClick={() => setEditing(banner)} />
                      <RowDeleteButton label={`banner ${banner.id}`} onClick={() => setDeleting(banner)} />
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New banner' : 'Edit banner'}
        size="lg"
      >
        {editing !== null ? (
          <BannerForm
            {...(editing === 'new' ? {} : { banner: editing })}
            onCancel={() => setEditing(null)}
            onSave={async (body) => {
              const api = (client: Parameters<typeof instanceAdminApi>[0]) => instanceAdminApi(client);
              await write((admin) =>
                editing === 'new'
                  ? api(admin.client).createBanner(body)
                  : api(admin.client).updateBanner(editing.id, body),
              );
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this banner?"
        confirmLabel="Delete banner"
        failure="The banner was not deleted"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await write((api) => instanceAdminApi(api.client).deleteBanner(deleting.id));
        }}
      >
        <Text size="sm">It disappears from everyone's console at once.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
