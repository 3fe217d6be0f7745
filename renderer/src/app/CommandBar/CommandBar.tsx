import {
  Badge,
  Group,
  Kbd,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { NetworkError } from '../../api/api-error';
import type { FeatureSearchItem } from '../../api/types';
import { navigate } from '../../router/navigation';
import { flagPath } from '../../router/paths';
import { useServerCheck } from '../../stores/use-server-check';
import { useAllowedRoutes } from '../route-permissions';
import { ROUTES } from '../routes';
import classes from './CommandBar.module.css';
import { MIN_FLAG_QUERY, matchScreens } from './command-search';

type Item =
  | { type: 'screen'; key: string; label: string; detail: string; path: string }
  | { type: 'flag'; key: string; label: string; detail: string; flag: FeatureSearchItem };

export interface CommandBarProps {
  opened: boolean;
  onClose: () => void;
}

/** The server's flag search, through the query client: typing back to an earlier query asks nothing. */
function useFlagSearch(opened: boolean, query: string) {
  const search = useServerCheck(
    opened && query.length >= MIN_FLAG_QUERY ? `command-bar flags ${query}` : null,
    (api, signal) =>
      api.searchFeatures({ query, limit: 8, sortBy: 'name', sortOrder: 'asc' }, signal).then(
        (result) => ({ query, items: result.features, error: null }),
        (error: unknown) => ({
          query,
          items: [] as FeatureSearchItem[],
          error:
            error instanceof NetworkError
              ? 'Flag search needs the server, which is unreachable.'
              : 'Flag search failed.',
        }),
      ),
  );
  return search.answer ?? null;
}

type FlagSearch = ReturnType<typeof useFlagSearch>;

/** The screens matching the input, then the flags the server found for exactly this input. */
function commandItems(routes: typeof ROUTES, input: string, flags: FlagSearch): Item[] {
  const screens: Item[] = matchScreens(routes, input).map((route) => ({
    type: 'screen',
    key: `screen:${route.path}`,
    label: route.label,
    detail: route.group,
    path: route.path,
  }));
  const found: Item[] =
    flags && flags.query === input.trim()
      ? flags.items.map((flag) => ({
          type: 'flag',
          key: `flag:${flag.project}/${flag.name}`,
          label: flag.name,
          detail: `${flag.type} · ${flag.project}`,
          flag,
        }))
      : [];
  return [...screens, ...found];
}

/** The highlighted result, kept in the list as it shrinks, moved with the arrow keys and opened with Enter. */
function useActiveOption(items: Item[], choose: (item: Item | undefined) => void) {
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (active >= items.length) setActive(Math.max(0, items.length - 1));
  }, [items.length, active]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(index + 1, items.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(items[active]);
    }
  }

  return { active, setActive, onKeyDown };
}

interface CommandOptionProps {
  item: Item;
  active: boolean;
  onHover: () => void;
  onChoose: () => void;
}

/** One result: a screen or a flag, with where it is and what it is. */
function CommandOption({ item, active, onHover, onChoose }: CommandOptionProps) {
  return (
    <UnstyledButton
      role="option"
      aria-selected={active}
      className={classes.item}
      data-active={active || undefined}
      onMouseEnter={onHover}
      onClick={onChoose}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500} ff={item.type === 'flag' ? 'monospace' : undefined} truncate>
          {item.label}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {item.detail}
          </Text>
          <Badge size="xs" variant="light" color={item.type === 'flag' ? 'teal' : 'gray'}>
            {item.type}
          </Badge>
        </Group>
      </Group>
    </UnstyledButton>
  );
}

/** The keys that work here, and how much to type before flags are searched. */
function CommandFooter({ input }: { input: string }) {
  return (
    <Group gap="md" className={classes.footer}>
      <Text size="xs" c="dimmed">
        <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> to move, <Kbd size="xs">Enter</Kbd> to open,{' '}
        <Kbd size="xs">Esc</Kbd> to close
      </Text>
      {input.trim().length > 0 && input.trim().length < MIN_FLAG_QUERY ? (
        <Text size="xs" c="dimmed">
          Type 2 characters to search flags
        </Text>
      ) : null}
    </Group>
  );
}

/** Ctrl/Cmd+K: jump to any screen, or to any flag found by the server's flag search. */
export function CommandBar({ opened, onClose }: CommandBarProps) {
  const [input, setInput] = useState('');
  const routes = useAllowedRoutes(ROUTES);
  const [query] = useDebouncedValue(input.trim(), 250);
  const flags = useFlagSearch(opened, query);
  const searching = query.length >= MIN_FLAG_QUERY && flags?.query !== query;

  const items = useMemo(() => commandItems(routes, input, flags), [input, flags, routes]);
  const { active, setActive, onKeyDown } = useActiveOption(items, choose);

  useEffect(() => {
    if (!opened) {
      setInput('');
      setActive(0);
    }
  }, [opened, setActive]);

  function choose(item: Item | undefined) {
    if (!item) return;
    if (item.type === 'screen') navigate(item.path);
    else navigate(flagPath(item.flag));
    onClose();
  }

  return (
    // Composed, so the name lands on the dialog itself, not on Modal's role-less root (axe: aria-prohibited-attr).
    <Modal.Root opened={opened} onClose={onClose} size="lg" padding={0} yOffset="12vh">
      <Modal.Overlay />
      <Modal.Content aria-label="Command bar">
        <TextInput
          data-autofocus
          placeholder="Jump to a screen or find a flag…"
          value={input}
          onChange={(event) => {
            setInput(event.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          variant="unstyled"
          size="lg"
          className={classes.input}
          rightSection={searching ? <Loader size="xs" /> : null}
          aria-label="Command"
          role="combobox"
          aria-expanded
          aria-controls="command-results"
        />
        <ScrollArea.Autosize mah="50vh" type="auto">
          <Stack gap={0} className={classes.results} id="command-results" role="listbox">
            {items.map((item, index) => (
              <CommandOption
                key={item.key}
                item={item}
                active={index === active}
                onHover={() => setActive(index)}
                onChoose={() => choose(item)}
              />
            ))}
            {items.length === 0 && !searching ? (
              <Text size="sm" c="dimmed" className={classes.note}>
                Nothing matches “{input.trim()}”.
              </Text>
            ) : null}
            {flags?.error && flags.query === input.trim() ? (
              <Text size="sm" c="dimmed" className={classes.note}>
                {flags.error}
              </Text>
            ) : null}
          </Stack>
        </ScrollArea.Autosize>
        <CommandFooter input={input} />
      </Modal.Content>
    </Modal.Root>
  );
}
