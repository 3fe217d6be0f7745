import {
  Anchor,
  Badge,
  Button,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { createFlagPageApi, type Feature, type FlagRef, flagPagePath } from '../../api/flag-api';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { PendingChangeNotice } from '../../components/PendingChangeNotice/PendingChangeNotice';
import type { OutboxEntry } from '../../offline/outbox';
import { Link } from '../../router/navigation';
import { useProfileOutbox } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import {
  type DependencyState,
  dependencySnapshot,
  flagDependencyTarget,
  removeDependencyEdit,
  setDependencyEdit,
} from './flag-edits';
import { useFlagEdit } from './use-flag-edit';

/** The flag's parents as the server has them, with queued edits applied on top. */
export function displayedDependencies(
  flag: FlagRef,
  server: Feature['dependencies'],
  queued: ReadonlyArray<{ kind: string; target: string; mine: unknown }>,
): Map<string, DependencyState> {
  const result = new Map<string, DependencyState>();
  for (const dependency of server ?? []) {
    result.set(
      dependency.feature,
      dependencySnapshot({ enabled: dependency.enabled ?? true, variants: dependency.variants ?? [] })!,
    );
  }
  const prefix = flagDependencyTarget(flag, '');
  for (const entry of queued) {
    if (entry.kind !== 'flag-dependency' || !entry.target.startsWith(prefix)) continue;
    const parent = entry.target.slice(prefix.length);
    if (entry.mine === null) result.delete(parent);
    else result.set(parent, entry.mine as DependencyState);
  }
  return result;
}

/** Parents this flag depends on (enabled or disabled, optionally on some variants) and its children. */
export function FlagDependencies({ flag, feature }: { flag: FlagRef; feature: Feature }) {
  const outbox = useProfileOutbox();
  const edit = useFlagEdit();
  const dependencies = displayedDependencies(flag, feature.dependencies, outbox);
  const [parent, setParent] = useState<string | null>(null);
  const [enabled, setEnabled] = useState(true);
  const [variants, setVariants] = useState<string[]>([]);
  const options = useServerData(`flag-parents:${flag.project}/${flag.name}`, (api) =>
    createFlagPageApi(api.client).parentOptions(flag),
  );
  const pendingFor = (name: string) =>
    [...outbox]
      .reverse()
      .find((entry) => entry.kind === 'flag-dependency' && entry.target === flagDependencyTarget(flag, name));

  const choose = (value: string | null) => {
    setParent(value);
    const existing = value ? dependencies.get(value) : undefined;
    setEnabled(existing?.enabled ?? true);
    setVariants(existing?.variants ?? []);
  };

  async function save() {
    if (!parent) return;
    const before = dependencies.get(parent) ?? null;
    const ok = await edit.submit(
      setDependencyEdit(flag, parent, before, { enabled, variants: enabled ? variants : [] }),
    );
    if (ok) choose(null);
  }

  return (
    <Stack gap="sm">
      {edit.error ? <ErrorNotice error={edit.error} title="The dependency was not changed" /> : null}
      {edit.queued ? <PendingChangeNotice onClose={edit.clearQueued} /> : null}
      {dependencies.size === 0 ? (
        <Text size="sm" c="dimmed">
          This flag depends on no other flag.
        </Text>
      ) : (
        [...dependencies].map(([name, state]) => (
          <DependencyRow
            key={name}
            {...{ flag, name, state }}
            pending={pendingFor(name)}
            busy={edit.busy}
            onRemove={() => void edit.submit(removeDependencyEdit(flag, name, state))}
          />
        ))
      )}
      <DependencyForm
        flag={flag}
        {...{ parent, choose, enabled, setEnabled, variants, setVariants }}
        parentChoices={[...new Set([...(options.data ?? []), ...dependencies.keys()])].sort()}
        loadingChoices={options.loading}
        busy={edit.busy}
        update={parent !== null && dependencies.has(parent)}
        onSave={() => void save()}
      />
      {feature.children && feature.children.length > 0 ? (
        <DependentFlags flag={flag} dependents={feature.children} />
      ) : null}
    </Stack>
  );
}

/** One parent: the state (and variants) it must be in, its queued edit, and Remove. */
function DependencyRow({
  flag,
  name,
  state,
  pending,
  busy,
  onRemove,
}: {
  flag: FlagRef;
  name: string;
  state: DependencyState;
  pending: OutboxEntry | undefined;
  busy: boolean;
  onRemove: () => void;
}) {
  return (
    <Group gap="xs" data-testid={`dependency-${name}`}>
      <Text size="sm">
        Needs{' '}
        <Anchor component={Link} to={flagPagePath({ project: flag.project, name })}>
          {name}
        </Anchor>{' '}
        to be {state.enabled ? 'enabled' : 'disabled'}
        {state.enabled && state.variants.length > 0 ? ` with variant ${state.variants.join(' or ')}` : ''}
      </Text>
      <PendingBadge entry={pending} />
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        disabled={busy}
        onClick={onRemove}
        aria-label={`Remove the dependency on ${name}`}
      >
        Remove
      </Button>
    </Group>
  );
}

/** Choose a parent (one already a parent edits it), the state it must be in and, when enabled, its variants. */
function DependencyForm({
  flag,
  parent,
  choose,
  enabled,
  setEnabled,
  variants,
  setVariants,
  parentChoices,
  loadingChoices,
  busy,
  update,
  onSave,
}: {
  flag: FlagRef;
  parent: string | null;
  choose: (parent: string | null) => void;
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
  variants: string[];
  setVariants: (variants: string[]) => void;
  parentChoices: string[];
  loadingChoices: boolean;
  busy: boolean;
  update: boolean;
  onSave: () => void;
}) {
  const parentVariants = useServerData(
    parent ? `flag-parent-variants:${flag.project}/${parent}` : null,
    (api) => createFlagPageApi(api.client).parentVariants(flag.project, parent ?? ''),
  );
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Parent flag"
        placeholder={loadingChoices ? 'Loading…' : 'Choose a flag of this project'}
        data={parentChoices}
        value={parent}
        onChange={choose}
        searchable
        clearable
      />
      <SegmentedControl
        aria-label="Parent state"
        data={[
          { value: 'enabled', label: 'Enabled' },
          { value: 'disabled', label: 'Disabled' },
        ]}
        value={enabled ? 'enabled' : 'disabled'}
        onChange={(value) => setEnabled(value === 'enabled')}
      />
      {enabled ? (
        <MultiSelect
          label="Parent variants"
          placeholder={variants.length ? undefined : 'Any variant'}
          data={[...new Set([...(parentVariants.data ?? []), ...variants])]}
          value={variants}
          onChange={setVariants}
          disabled={!parent}
          clearable
        />
      ) : null}
      <Button onClick={onSave} disabled={!parent || busy} loading={busy}>
        {update ? 'Update dependency' : 'Add dependency'}
      </Button>
    </Group>
  );
}

/** The flags that depend on this one, each a link to its page. */
function DependentFlags({ flag, dependents }: { flag: FlagRef; dependents: string[] }) {
  return (
    <Group gap="xs">
      <Text size="sm">Flags that depend on this one:</Text>
      {dependents.map((child) => (
        <Badge
          key={child}
          variant="outline"
          component={Link}
          to={flagPagePath({ project: flag.project, name: child })}
        >
          {child}
        </Badge>
      ))}
    </Group>
  );
}
