import { Alert, Anchor, Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useConsoleState } from '../../stores/console-context';
import { useServerData } from '../../stores/use-server-data';
import { BannerMarkdown } from './BannerMarkdown';
import { type Banner, instanceAdminApi } from './instance-admin-api';

const COLORS: Record<string, string> = { info: 'blue', warning: 'yellow', error: 'red', success: 'green' };

function OneBanner({ banner }: { banner: Banner }) {
  const [open, setOpen] = useState(false);
  const link = banner.link && /^https?:\/\//i.test(banner.link) ? banner.link : null;
  return (
    <Alert
      color={COLORS[banner.variant] ?? 'blue'}
      variant="light"
      role={banner.variant === 'error' || banner.variant === 'warning' ? 'alert' : 'status'}
      data-testid={`banner-${banner.id}`}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div>
          <BannerMarkdown text={banner.message} />
        </div>
        <Group gap="xs" wrap="nowrap">
          {link ? (
            <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm">
              {banner.linkText || 'More'}
            </Anchor>
          ) : null}
          {banner.dialog ? (
            <Button size="compact-sm" variant="subtle" onClick={() => setOpen(true)}>
              {banner.linkText && !link ? banner.linkText : 'Details'}
            </Button>
          ) : null}
        </Group>
      </Group>
      {banner.dialog ? (
        <Modal opened={open} onClose={() => setOpen(false)} title={banner.dialogTitle || 'Details'}>
          <BannerMarkdown text={banner.dialog} />
        </Modal>
      ) : null}
    </Alert>
  );
}

/** The enabled banners (GET /api/admin/banners), at the top of every screen for everyone signed in. */
export function BannerBar() {
  const signedIn = useConsoleState((state) => state.session.status === 'signed-in');
  const banners = useServerData(signedIn ? 'banners' : null, (api, signal) =>
    instanceAdminApi(api.client).listBanners(signal),
  );
  const shown = (banners.data?.banners ?? []).filter((banner) => banner.enabled);
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" mb="sm" aria-label="Announcements" component="section">
      {shown.map((banner) => (
        <OneBanner key={banner.id} banner={banner} />
      ))}
    </Stack>
  );
}
