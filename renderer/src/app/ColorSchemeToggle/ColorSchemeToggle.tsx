import {
  ActionIcon,
  type MantineColorScheme,
  Menu,
  SegmentedControl,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';

const CHOICES: { value: MantineColorScheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Auto' },
];

function SchemeIcon({ dark }: { dark: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      {dark ? (
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      ) : (
        <>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </>
      )}
    </svg>
  );
}

/**
 * Light, dark, or following the operating system ("Auto", the default). The choice is kept by
 * Mantine's colour scheme manager (localStorage), so it survives a reload. Windows below Mantine's lg
 * (75em) get the same three choices behind an icon button, so the header keeps room for every
 * control (issue 33).
 */
export function ColorSchemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  return (
    <>
      <SegmentedControl
        size="xs"
        visibleFrom="lg"
        aria-label="Colour scheme"
        data-testid="color-scheme-toggle"
        value={colorScheme}
        onChange={(value) => setColorScheme(value as MantineColorScheme)}
        data={CHOICES}
      />
      {/* Opening focuses the current choice; no hidden placeholder, which fails axe (see ConsoleShell). */}
      <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <ActionIcon
            hiddenFrom="lg"
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`Colour scheme: ${CHOICES.find((c) => c.value === colorScheme)?.label ?? 'Auto'}`}
            data-testid="color-scheme-menu"
          >
            <SchemeIcon dark={dark} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {CHOICES.map((choice) => (
            <Menu.Item
              key={choice.value}
              onClick={() => setColorScheme(choice.value)}
              aria-current={choice.value === colorScheme ? 'true' : undefined}
              data-autofocus={choice.value === colorScheme ? true : undefined}
              fw={choice.value === colorScheme ? 700 : undefined}
            >
              {choice.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
