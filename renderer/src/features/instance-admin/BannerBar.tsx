import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Suspense, useState } from 'react';
import { BANNER_DIALOG_LINK, isBannerConsolePath } from '../../../../server/contract/instance-admin';
import { lazyComponent } from '../../components/LazyComponent/lazy-component';
import { Link } from '../../router/navigation';
import { useConsoleState } from '../../stores/console-context';
import { useServerData } from '../../stores/use-server-data';
import classes from './BannerBar.module.css';
import { type Banner, instanceAdminApi } from './instance-admin-api';

/**
 * The markdown renderer (react-markdown and its parser, about a tenth of the console's code) loads
 * only when a banner is shown, not with every first screen (issue 33); until then the text shows as is.
 */
const markdown = lazyComponent(() => import('./BannerMarkdown'), 'BannerMarkdown');

/** Fetches the markdown renderer ahead of use (app/prefetch-screens.ts). */
export const preloadBannerMarkdown = (): Promise<unknown> => markdown.preload();

function BannerText({ text }: { text: string }) {
  return (
    <Suspense fallback={<Text size="sm">{text}</Text>}>
      <markdown.Component text={text} />
    </Suspense>
  );
}

const COLORS: Record<string, string> = { info: 'blue', warning: 'yellow', error: 'red', success: 'green' };

/** Each variant's own sign, shown when the banner names no icon (as Unleash does). */
const VARIANT_SIGNS: Record<string, string> = { info: 'ℹ', warning: '⚠', error: '⛔', success: '✔' };

/**
 * Unleash's banner `icon` is a Material icon name; the console has no icon font, so the common ones
 * are drawn as signs and any other name falls back to the variant's sign. `none` shows no icon.
 */
const ICON_SIGNS: Record<string, string> = {
  info: 'ℹ',
  warning: '⚠',
  error: '⛔',
  check: '✔',
  check_circle: '✔',
  done: '✔',
  campaign: '📣',
  build: '🔧',
  construction: '🚧',
  celebration: '🎉',
  rocket_launch: '🚀',
  schedule: '🕒',
  lock: '🔒',
  star: '★',
};

export function bannerSign(banner: Pick<Banner, 'icon' | 'variant'>): string | null {
  const icon = banner.icon?.trim();
  if (icon === 'none') return null;
  return (icon ? ICON_SIGNS[icon] : undefined) ?? VARIANT_SIGNS[banner.variant] ?? VARIANT_SIGNS.info ?? null;
}

/**
 * The banner's link as Unleash's console reads it (issue 31 §4): an http(s) address opens in a
 * new tab, a console path in place, `dialog` opens the details dialog; anything else is not shown.
 */
function BannerLink({ link, text }: { link: string | null; text: string }) {
  if (link && isBannerConsolePath(link))
    return (
      <Anchor component={Link} to={link} size="sm">
        {text}
      </Anchor>
    );
  if (link && /^https?:\/\//i.test(link))
    return (
      <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm">
        {text}
      </Anchor>
    );
  return null;
}

function OneBanner({ banner }: { banner: Banner }) {
  const [open, setOpen] = useState(false);
  const link = banner.link === BANNER_DIALOG_LINK ? null : banner.link;
  const linked = link !== null && (isBannerConsolePath(link) || /^https?:\/\//i.test(link));
  const sign = bannerSign(banner);
  return (
    <Alert
      color={COLORS[banner.variant] ?? 'blue'}
      variant="light"
      role={banner.variant === 'error' || banner.variant === 'warning' ? 'alert' : 'status'}
      data-testid={`banner-${banner.id}`}
      // A sticky banner stays in view (under the header) while the screen scrolls.
      className={banner.sticky ? classes.sticky : undefined}
      data-sticky={banner.sticky ? 'true' : undefined}
      icon={sign ? <span data-testid="banner-icon">{sign}</span> : undefined}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div>
          <BannerText text={banner.message} />
        </div>
        <Group gap="xs" wrap="nowrap">
          <BannerLink link={link} text={banner.linkText || 'More'} />
          {banner.dialog ? (
            <Button size="compact-sm" variant="subtle" onClick={() => setOpen(true)}>
              {banner.linkText && !linked ? banner.linkText : 'Details'}
            </Button>
          ) : null}
        </Group>
      </Group>
      {banner.dialog ? (
        <Modal opened={open} onClose={() => setOpen(false)} title={banner.dialogTitle || 'Details'}>
          <BannerText text={banner.dialog} />
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
