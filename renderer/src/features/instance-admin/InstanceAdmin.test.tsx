import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, createFakeServer, unleashError } from '../../test-utils/fake-server';
import { checkoutFlag } from '../../test-utils/fixtures';
import { renderWithConsole } from '../../test-utils/render';
import { ProjectsScreen } from '../projects/ProjectsScreen';
import { BannerBar } from './BannerBar';
import { InstanceAdminScreen } from './InstanceAdminScreen';
import { MaintenanceNotice, MaintenanceProvider } from './MaintenanceProvider';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { WelcomePanel } from './WelcomePanel';

const banner = (id: number, extra: object) => ({
  id,
  message: `Banner ${id}`,
  enabled: true,
  variant: 'info',
  sticky: false,
  icon: null,
  link: null,
  linkText: null,
  dialogTitle: null,
  dialog: null,
  createdAt: '2026-11-22T09:00:00.000Z',
  ...extra,
});

describe('banner bar', () => {
  it('shows the enabled banners as safe markdown, with their link and details dialog', async () => {
    const server = createFakeServer().on('GET', '/api/admin/banners', {
      banners: [
        banner(1, {
          message: 'Upgrade **tonight** <img src=x onerror="window.hacked=1"> [notes](javascript:alert(1))',
          variant: 'warning',
          link: 'https://status.example.com',
          linkText: 'Status page',
          dialogTitle: 'What changes',
          dialog: '# Downtime\nAbout *ten* minutes.',
        }),
        banner(2, { message: 'Hidden one', enabled: false }),
      ],
    });
    await renderWithConsole(<BannerBar />, { server });
    const shown = await screen.findByTestId('banner-1');
    // The markdown renderer is a chunk of its own, loaded when a banner is first shown.
    expect((await within(shown).findByText('tonight')).tagName).toBe('STRONG');
    // Raw HTML and javascript: links never reach the page.
    expect(shown.querySelector('img')).toBeNull();
    expect(shown.innerHTML).not.toContain('onerror');
    expect(within(shown).getByText('notes').closest('a')).toBeNull();
    expect(within(shown).getByRole('link', { name: 'Status page' }).getAttribute('href')).toBe(
      'https://status.example.com',
    );
    expect(screen.queryByText('Hidden one')).toBeNull();
    fireEvent.click(within(shown).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'What changes' });
    expect(within(dialog).getByRole('heading', { name: 'Downtime' })).toBeTruthy();
    expect(within(dialog).getByText('ten').tagName).toBe('EM');
  });
});

describe('banner links Unleash allows (issue 31 §4)', () => {
  it('opens a console path in place and "dialog" as the details dialog', async () => {
    const server = createFakeServer().on('GET', '/api/admin/banners', {
      banners: [
        banner(1, { link: '/admin/service-accounts', linkText: 'Service accounts' }),
        banner(2, { link: 'dialog', linkText: 'Read why', dialogTitle: 'Why', dialog: 'Because.' }),
        banner(3, { link: '//evil.example.com', linkText: 'Elsewhere' }),
      ],
    });
    await renderWithConsole(<BannerBar />, { server });
    const first = await screen.findByTestId('banner-1');
    const inside = within(first).getByRole('link', { name: 'Service accounts' });
    expect(inside.getAttribute('href')).toBe('/admin/service-accounts');
    expect(inside.getAttribute('target')).toBeNull();
    const second = screen.getByTestId('banner-2');
    expect(within(second).queryByRole('link')).toBeNull();
    fireEvent.click(within(second).getByRole('button', { name: 'Read why' }));
    expect(within(await screen.findByRole('dialog', { name: 'Why' })).getByText('Because.')).toBeTruthy();
    expect(within(screen.getByTestId('banner-3')).queryByRole('link')).toBeNull();
  });

  it('saves a banner whose link is a console path or "dialog"', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/banners', { banners: [] })
      .on('POST', '/api/admin/banners', (request) => ({
        status: 201,
        body: banner(9, request.body as object),
      }));
    await renderWithConsole(<InstanceAdminScreen />, { server, path: '/admin/instance?tab=banners' });
    fireEvent.click(await screen.findByRole('button', { name: 'New banner' }));
    fireEvent.change(await screen.findByLabelText('Message'), { target: { value: 'Rotate keys' } });
    fireEvent.change(screen.getByLabelText(/^Link \(/), { target: { value: '/admin/service-accounts' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create banner' }));
    await waitFor(() =>
      expect(server.calls('POST', '/api/admin/banners')[0]?.body).toMatchObject({
        message: 'Rotate keys',
        link: '/admin/service-accounts',
      }),
    );
  });
});

describe('banner icon and sticky', () => {
  it('shows each banner’s icon (its kind’s sign by default, none when asked) and keeps sticky ones in view', async () => {
    const server = createFakeServer().on('GET', '/api/admin/banners', {
      banners: [
        banner(1, { icon: 'campaign', sticky: true }),
        banner(2, { variant: 'warning' }),
        banner(3, { icon: 'none' }),
      ],
    });
    await renderWithConsole(<BannerBar />, { server });
    const first = await screen.findByTestId('banner-1');
    expect(within(first).getByTestId('banner-icon').textContent).toBe('📣');
    expect(first.getAttribute('data-sticky')).toBe('true');
    const second = screen.getByTestId('banner-2');
    expect(within(second).getByTestId('banner-icon').textContent).toBe('⚠');
    expect(second.getAttribute('data-sticky')).toBeNull();
    expect(within(screen.getByTestId('banner-3')).queryByTestId('banner-icon')).toBeNull();
  });

  it('creates a banner with its icon and sticky setting', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/banners', { banners: [] })
      .on('POST', '/api/admin/banners', (request) => ({
        status: 201,
        body: banner(9, request.body as object),
      }));
    await renderWithConsole(<InstanceAdminScreen />, { server, path: '/admin/instance?tab=banners' });
    fireEvent.click(await screen.findByRole('button', { name: 'New banner' }));
    fireEvent.change(await screen.findByLabelText('Message'), { target: { value: 'Upgrade tonight' } });
    fireEvent.change(screen.getByLabelText(/^Icon/), { target: { value: 'build' } });
    fireEvent.click(screen.getByLabelText(/^Sticky/));
    fireEvent.click(screen.getByRole('button', { name: 'Create banner' }));
    await waitFor(() =>
      expect(server.calls('POST', '/api/admin/banners')[0]?.body).toMatchObject({
        message: 'Upgrade tonight',
        icon: 'build',
        sticky: true,
      }),
    );
  });
});

describe('welcome panel with the getting-started checklist', () => {
  const nothingDone = { project: false, flag: false, apiToken: false, sdk: false, change: false };
  const welcomeServer = (splash: Record<string, boolean>, steps: Record<string, boolean> = nothingDone) =>
    createFakeServer()
      .on('GET', '/api/admin/user', { user: { id: 1, name: 'Ada' }, permissions: [], feedback: [], splash })
      .on('GET', '/api/admin/ui-config', { version: '1.0.0', unleashUrl: 'http://flags.test' })
      .on('GET', '/api/admin/getting-started', { steps, flags: 0, changes: 0 })
      .on('POST', '/api/admin/splash/welcome', { userId: 1, splashId: 'welcome', seen: true });
  const region = { name: 'Welcome to Switchyard' };

  it('ticks the steps from the server, with the SDK URL, and is dismissed once', async () => {
    const server = welcomeServer({}, { ...nothingDone, project: true, flag: true });
    await renderWithConsole(<WelcomePanel />, { server });
    const panel = await screen.findByRole('region', region);
    expect(await within(panel).findByText('http://flags.test/api')).toBeTruthy();
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.endsWith('(done)'))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(within(panel).getByText('2 of 5 done')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Create an API token' }).getAttribute('href')).toBe(
      '/admin/api',
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Dismiss welcome' }));
    await waitFor(() => expect(screen.queryByRole('region', region)).toBeNull());
    await waitFor(() => expect(server.calls('POST', '/api/admin/splash/welcome')).toHaveLength(1));
  });

  it('goes away by itself once every step is done', async () => {
    const all = { project: true, flag: true, apiToken: true, sdk: true, change: true };
    const server = welcomeServer({}, all);
    await renderWithConsole(<WelcomePanel />, { server });
    await waitFor(() => expect(server.calls('GET', '/api/admin/getting-started').length).toBeGreaterThan(0));
    await waitFor(() => expect(server.calls('GET', '/api/admin/user').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', region)).toBeNull();
  });

  it('stays away once seen, and where the server keeps no splash settings', async () => {
    await renderWithConsole(<WelcomePanel />, { server: welcomeServer({ welcome: true }) });
    const other = createFakeServer().on('GET', '/api/admin/user', { user: { id: 1, name: 'Ada' } });
    await renderWithConsole(<WelcomePanel />, { server: other });
    await waitFor(() => expect(other.calls('GET', '/api/admin/user').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', region)).toBeNull();
  });
});

describe('maintenance mode in the console', () => {
  /** A flag's page inside the maintenance provider, the server saying whether maintenance is on. */
  async function renderFlagPageInMaintenance(maintenanceMode: boolean) {
    const server = createFakeServer()
      .on('GET', '/api/admin/ui-config', {
        version: '1.0.0',
        unleashUrl: 'http://flags.test',
        maintenanceMode,
      })
      .on('GET', '/api/admin/projects/default/features/checkout', checkoutFlag());
    await renderWithConsole(
      <MaintenanceProvider>
        <MaintenanceNotice />
        <ProjectsScreen />
      </MaintenanceProvider>,
      { server, path: '/projects/default/features/checkout' },
    );
    return server;
  }

  it('says so and disables the flag page switches and edit buttons', { timeout: 20_000 }, async () => {
    await renderFlagPageInMaintenance(true);
    expect(await screen.findByText('Maintenance mode is on')).toBeTruthy();
    const toggle = (await screen.findByLabelText('checkout on in development', undefined, {
      timeout: 8000,
    })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(true));
    // Inside the locked fieldset: disabled by the browser, whatever the control's own state.
    const locked = (element: HTMLElement) => element.closest('fieldset')?.disabled === true;
    expect(locked(screen.getByRole('button', { name: 'Edit description' }))).toBe(true);
    expect(locked(screen.getByRole('switch', { name: /^Stale/ }))).toBe(true);
    expect((screen.getByRole('button', { name: 'Archive' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('leaves the controls alone when it is off', { timeout: 20_000 }, async () => {
    const server = await renderFlagPageInMaintenance(false);
    const toggle = (await screen.findByLabelText('checkout on in development', undefined, {
      timeout: 8000,
    })) as HTMLInputElement;
    await waitFor(() => expect(server.calls('GET', '/api/admin/ui-config').length).toBeGreaterThan(0));
    expect(toggle.disabled).toBe(false);
    expect(screen.queryByText('Maintenance mode is on')).toBeNull();
  });

  it('turns maintenance on and off from the instance screen, whose switch stays usable', async () => {
    let enabled = true;
    const server = createFakeServer()
      .on('GET', '/api/admin/ui-config', () => ({
        body: { version: '1.0.0', unleashUrl: 'x', maintenanceMode: enabled },
      }))
      .on('GET', '/api/admin/maintenance', () => ({ body: { enabled } }))
      .on('POST', '/api/admin/maintenance', (request) => {
        enabled = (request.body as { enabled: boolean }).enabled;
        return answer(204);
      })
      .on('GET', '/api/admin/banners', { banners: [] });
    await renderWithConsole(
      <MaintenanceProvider>
        <MaintenanceNotice />
        <InstanceAdminScreen />
      </MaintenanceProvider>,
      { server, path: '/admin/instance?tab=maintenance' },
    );
    expect(await screen.findByText('Maintenance mode is on')).toBeTruthy();
    const toggle = (await screen.findByRole('switch', { name: /^Maintenance mode/ })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(toggle.disabled).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(server.calls('POST', '/api/admin/maintenance')[0]?.body).toEqual({ enabled: false }),
    );
    await waitFor(() => expect(screen.queryByText('Maintenance mode is on')).toBeNull());
  });

  it("shows the server's refusal of a banner while maintenance is on elsewhere", async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/banners', { banners: [] })
      .on(
        'POST',
        '/api/admin/banners',
        unleashError(503, 'MaintenanceModeError', 'Switchyard is currently in maintenance mode.'),
      );
    await renderWithConsole(<InstanceAdminScreen />, { server, path: '/admin/instance?tab=banners' });
    fireEvent.click(await screen.findByRole('button', { name: 'New banner' }));
    fireEvent.change(await screen.findByLabelText('Message'), { target: { value: 'Hello **all**' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create banner' }));
    expect(await screen.findByText('Switchyard is currently in maintenance mode.')).toBeTruthy();
  });
});

describe('screen error boundary', () => {
  it('shows the failure in place of the screen and reports it once', async () => {
    const reports: Array<[string, string | undefined]> = [];
    function Broken(): never {
      throw new Error('flag list exploded');
    }
    const quiet = console.error;
    console.error = () => {};
    try {
      await renderWithConsole(
        <ScreenErrorBoundary onError={(message, stack) => reports.push([message, stack])}>
          <Broken />
        </ScreenErrorBoundary>,
      );
    } finally {
      console.error = quiet;
    }
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('This screen failed')).toBeTruthy();
    expect(reports).toHaveLength(1);
    expect(reports[0]?.[0]).toBe('flag list exploded');
    expect(reports[0]?.[1]).toContain('Broken');
  });
});
