import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { QueryState } from '../../components/QueryState/QueryState';
import { useEditingLock } from '../../stores/editing-lock';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { BannerForm } from './BannerForm';
import { BannerTable } from './BannerTable';
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
          <BannerTable
            banners={data.banners}
            locked={lock !== null}
            onToggle={(banner, enabled) => void toggle(banner, enabled)}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        )}
      </QueryState>
      <BannerFormModal editing={editing} write={write} onClose={() => setEditing(null)} />
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

/** The create/edit dialog: `editing` is closed (null), a new banner, or the banner being edited. */
function BannerFormModal({
  editing,
  write,
  onClose,
}: {
  editing: Banner | 'new' | null;
  write: ReturnType<typeof useServerWrite>;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing === 'new' ? 'New banner' : 'Edit banner'}
      size="lg"
    >
      {editing !== null ? (
        <BannerForm
          {...(editing === 'new' ? {} : { banner: editing })}
          onCancel={onClose}
          onSave={async (body) => {
            const api = (client: Parameters<typeof instanceAdminApi>[0]) => instanceAdminApi(client);
            await write((admin) =>
              editing === 'new'
                ? api(admin.client).createBanner(body)
                : api(admin.client).updateBanner(editing.id, body),
            );
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}
