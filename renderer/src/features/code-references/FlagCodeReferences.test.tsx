import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { FlagCodeReferences } from './FlagCodeReferences';
import { StillReferenced } from './StillReferenced';

const FLAG = { project: 'web', name: 'checkout' };
const PATH = '/api/admin/projects/web/features/checkout/code-references';
const COMMIT = '0123456789abcdef0123456789abcdef01234567';

describe('FlagCodeReferences', () => {
  it('lists references per repository with the SDK call, the link to the line and when it was last seen', async () => {
    const server = createFakeServer().on('GET', PATH, {
      flag: 'checkout',
      total: 2,
      lastSeenInCode: '2026-11-22T09:00:00.000Z',
      repositories: [
        {
          name: 'shop',
          url: 'git@github.com:acme/shop.git',
          branch: 'main',
          commit: COMMIT,
          scannedAt: '2026-11-22T09:00:00.000Z',
          references: [
            {
              path: 'src/app.ts',
              line: 12,
              kind: 'isEnabled',
              context: ["if (unleash.isEnabled('checkout')) {", '  run();', '}'],
              lastChangedAt: '2026-01-02T03:04:05.000Z',
              link: `https://github.com/acme/shop/blob/${COMMIT}/src/app.ts#L12`,
            },
            {
              path: 'README.md',
              line: 3,
              kind: 'mention',
              context: ['checkout'],
              lastChangedAt: null,
              link: null,
            },
          ],
        },
      ],
    });
    await renderWithConsole(<FlagCodeReferences flag={FLAG} />, { server });
    const card = await screen.findByTestId('code-repository-shop');
    expect(screen.getByText(/^2 references in 1 repository/)).toBeTruthy();
    const link = within(card).getByRole('link', { name: 'src/app.ts:12' });
    expect(link.getAttribute('href')).toBe(`https://github.com/acme/shop/blob/${COMMIT}/src/app.ts#L12`);
    expect(within(card).getByText('isEnabled')).toBeTruthy();
    expect(within(card).getByText('README.md:3')).toBeTruthy();
    expect(within(card).getByText(/run\(\);/)).toBeTruthy();
  });

  it('says how to scan when no repository references the flag', async () => {
    const server = createFakeServer().on('GET', PATH, {
      flag: 'checkout',
      total: 0,
      lastSeenInCode: null,
      repositories: [],
    });
    await renderWithConsole(<FlagCodeReferences flag={FLAG} />, { server });
    expect(await screen.findByText(/switchyard code-refs scan --repo DIR --push/)).toBeTruthy();
  });

  it('names the files still using a flag about to be archived', async () => {
    const references = Array.from({ length: 12 }, (_, i) => ({
      path: `src/file-${i}.ts`,
      line: i + 1,
      kind: 'isEnabled',
      context: [],
      lastChangedAt: null,
      link: null,
    }));
    const server = createFakeServer().on('GET', PATH, {
      flag: 'checkout',
      total: 12,
      lastSeenInCode: '2026-11-22T09:00:00.000Z',
      repositories: [
        {
          name: 'shop',
          url: null,
          branch: 'main',
          commit: null,
          scannedAt: '2026-11-22T09:00:00.000Z',
          references,
        },
      ],
    });
    await renderWithConsole(<StillReferenced flag={FLAG} />, { server });
    const alert = await screen.findByTestId('still-referenced');
    expect(within(alert).getByText(/found 12 uses of checkout/)).toBeTruthy();
    expect(within(alert).getByText('shop: src/file-0.ts:1')).toBeTruthy();
    expect(within(alert).queryByText('shop: src/file-10.ts:11')).toBeNull();
    expect(within(alert).getByText(/and 2 more/)).toBeTruthy();
  });

  it('counts references per flag for the flag list', async () => {
    const { useReferenceCounts } = await import('./use-reference-counts');
    function Counts() {
      const counts = useReferenceCounts();
      return <p>{[...counts].map(([flag, count]) => `${flag}=${count}`).join(',')}</p>;
    }
    const server = createFakeServer().on('GET', '/api/admin/code-references/counts', {
      flags: [
        { flag: 'checkout', references: 4, repositories: 1 },
        { flag: 'search', references: 1, repositories: 1 },
      ],
    });
    await renderWithConsole(<Counts />, { server });
    expect(await screen.findByText('checkout=4,search=1')).toBeTruthy();
  });
});
