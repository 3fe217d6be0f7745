import { type MantineColorScheme, SegmentedControl, useMantineColorScheme } from '@mantine/core';

const CHOICES: { value: MantineColorScheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Auto' },
];

/**
 * Light, dark, or following the operating system ("Auto", the default). The choice is kept by
 * Mantine's colour scheme manager (localStorage), so it survives a reload.
 */
export function ColorSchemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SegmentedControl
      size="xs"
      aria-label="Colour scheme"
      data-testid="color-scheme-toggle"
      value={colorScheme}
      onChange={(value) => setColorScheme(value as MantineColorScheme)}
      data={CHOICES}
    />
  );
}
