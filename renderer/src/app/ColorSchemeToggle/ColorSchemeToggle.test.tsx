import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLOR_SCHEME_KEY, ConsoleThemeProvider } from '../App';
import { ColorSchemeToggle } from './ColorSchemeToggle';

/** happy-dom has no media queries of its own: the operating system's choice, as the browser reports it. */
function osPrefers(scheme: 'light' | 'dark') {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(prefers-color-scheme: dark)' && scheme === 'dark',
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function renderToggle() {
  return render(
    <ConsoleThemeProvider env="test">
      <ColorSchemeToggle />
    </ConsoleThemeProvider>,
  );
}

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');
const choice = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

const happyDom = () => (window as unknown as { happyDOM: { setViewport(size: object): void } }).happyDOM;

describe('ColorSchemeToggle', () => {
  // The three choices show side by side from Mantine's lg (75em): a wide window, unless a test narrows it.
  beforeEach(() => happyDom().setViewport({ width: 1280, height: 800 }));
  afterEach(() => {
    happyDom().setViewport({ width: 1024, height: 768 });
    vi.restoreAllMocks();
    document.documentElement.removeAttribute('data-mantine-color-scheme');
  });

  it('follows the operating system until a scheme is chosen', () => {
    osPrefers('dark');
    renderToggle();
    expect(choice('Auto').checked).toBe(true);
    expect(scheme()).toBe('dark');
  });

  it('switches to the chosen scheme, keeps it across a reload, and goes back to the system on Auto', () => {
    osPrefers('dark');
    const first = renderToggle();
    fireEvent.click(choice('Light'));
    expect(scheme()).toBe('light');
    expect(window.localStorage.getItem(COLOR_SCHEME_KEY)).toBe('light');
    first.unmount();

    renderToggle();
    expect(choice('Light').checked).toBe(true);
    expect(scheme()).toBe('light');
    fireEvent.click(choice('Dark'));
    expect(scheme()).toBe('dark');
    fireEvent.click(choice('Auto'));
    expect(window.localStorage.getItem(COLOR_SCHEME_KEY)).toBe('auto');
    expect(scheme()).toBe('dark');
  });

  it('is one labelled group of three choices for the keyboard and screen readers', () => {
    osPrefers('light');
    renderToggle();
    expect(screen.getByRole('radiogroup', { name: 'Colour scheme' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'light',
      'dark',
      'auto',
    ]);
    expect(scheme()).toBe('light');
  });

  it('offers the same three choices behind an icon button for narrow windows (issue 33)', async () => {
    osPrefers('light');
    // The icon button shows below Mantine's lg breakpoint only: a phone, a tablet, a narrow window.
    happyDom().setViewport({ width: 360, height: 800 });
    renderToggle();
    fireEvent.click(screen.getByRole('button', { name: 'Colour scheme: Auto' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Dark' }));
    expect(scheme()).toBe('dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Colour scheme: Dark' })).toBeTruthy();
  });
});
