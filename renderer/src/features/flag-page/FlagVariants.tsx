import { Alert, Button, Group, Modal, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { createFlagPageApi, type FlagRef, type Variant } from '../../api/flag-api';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { Guarded } from '../../components/Guarded/Guarded';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { PendingChangeNotice } from '../../components/PendingChangeNotice/PendingChangeNotice';
import { QueryState } from '../../components/QueryState/QueryState';
import type { OutboxEntry } from '../../offline/outbox';
import { usePermissionReason } from '../../stores/permissions';
import { usePendingEdits } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import classes from './FlagPage.module.css';
import { flagEnvironmentTarget, normaliseVariants, variantProblems, variantsEdit } from './flag-edits';
import { useFlagEdit } from './use-flag-edit';
import { VariantForm } from './VariantForm';

const BUILT_IN_STICKINESS = ['default', 'userId', 'sessionId', 'random'];

/** A queued variants snapshot back to the request shape (no null payload, no empty overrides). */
function fromSnapshot(value: unknown): Variant[] {
  if (!Array.isArray(value)) return [];
  return value.map((item: Variant & { payload?: Variant['payload'] | null }) => ({
    name: item.name,
    weight: item.weight,
    weightType: item.weightType ?? 'variable',
    stickiness: item.stickiness ?? 'default',
    ...(item.payload ? { payload: item.payload } : {}),
    ...(item.overrides?.length ? { overrides: item.overrides } : {}),
  }));
}

/** The flag's variants in one environment: listed with their share, added, edited and deleted. */
export function FlagVariants({
  flag,
  environment,
  disabled,
}: {
  flag: FlagRef;
  environment: string;
  disabled?: boolean;
}) {
  const target = flagEnvironmentTarget(flag, environment);
  const variants = useServerData(`flag-variants:${target}`, (api, signal) =>
    createFlagPageApi(api.client).getVariants(flag, environment, signal),
  );
  const pending = usePendingEdits('flag-variants')(target);
  const edit = useFlagEdit();
  const [editing, setEditing] = useState<{ variant: Variant | null } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const denied = usePermissionReason('UPDATE_FEATURE_ENVIRONMENT_VARIANTS', {
    project: flag.project,
    environment,
  });

  const current = pending ? fromSnapshot(pending.mine) : (variants.data?.variants ?? []);
  const { stickiness, fieldNames, stickinessOptions } = useVariantStickiness(current);

  async function save(next: Variant[]) {
    const found = variantProblems(next);
    setProblems(found);
    if (found.length > 0) return false;
    return edit.submit(variantsEdit(flag, environment, current, next));
  }

  async function saveVariant(variant: Variant, shared: string) {
    const replaced = editing?.variant
      ? current.map((item) => (item.name === editing.variant?.name ? variant : item))
      : [...current, variant];
    if (await save(replaced.map((item) => ({ ...item, stickiness: shared })))) setEditing(null);
  }

  return (
    <>
      {edit.error ? <ErrorNotice error={edit.error} title="The variants were not saved" /> : null}
      {problems.length > 0 ? <VariantProblems problems={problems} /> : null}
      {edit.queued ? <PendingChangeNotice onClose={edit.clearQueued} /> : null}
      <QueryState query={variants} noun="variants">
        {() => (
          <>
            <VariantsTable
              variants={normaliseVariants(current)}
              {...{ environment, denied }}
              disabled={disabled || edit.busy}
              onEdit={(variant) => setEditing({ variant })}
              onDelete={(name) => void save(current.filter((item) => item.name !== name))}
            />
            <AddVariantBar
              {...{ environment, denied, stickiness, pending }}
              disabled={disabled || edit.busy}
              onAdd={() => setEditing({ variant: null })}
            />
          </>
        )}
      </QueryState>
      <VariantDialog
        {...{ environment, editing }}
        otherNames={current.map((item) => item.name).filter((name) => name !== editing?.variant?.name)}
        stickinessOptions={stickinessOptions}
        contextFields={fieldNames}
        stickiness={stickiness}
        onSave={(variant, shared) => void saveVariant(variant, shared)}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

type Denied = ReturnType<typeof usePermissionReason>;

/** The variants (if any) with their share of the traffic, payload and overrides, each with Edit and Delete. */
function VariantsTable({
  variants,
  environment,
  denied,
  disabled,
  onEdit,
  onDelete,
}: {
  variants: Variant[];
  environment: string;
  denied: Denied;
  disabled: boolean | undefined;
  onEdit: (variant: Variant) => void;
  onDelete: (name: string) => void;
}) {
  if (variants.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No variants: the flag answers only on or off here.
      </Text>
    );
  }
  return (
    <Table data-testid={`variants-${environment}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Variant</Table.Th>
          <Table.Th className={classes.number}>Weight</Table.Th>
          <Table.Th>Payload</Table.Th>
          <Table.Th>Overrides</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {variants.map((variant) => (
          <VariantRow
            key={variant.name}
            {...{ variant, environment, denied, disabled }}
            onEdit={() => onEdit(variant)}
            onDelete={() => onDelete(variant.name)}
          />
        ))}
      </Table.Tbody>
    </Table>
  );
}

function VariantRow({
  variant,
  environment,
  denied,
  disabled,
  onEdit,
  onDelete,
}: {
  variant: Variant;
  environment: string;
  denied: Denied;
  disabled: boolean | undefined;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Table.Tr>
      <Table.Td className={classes.name}>{variant.name}</Table.Td>
      <Table.Td className={classes.number}>
        {(variant.weight / 10).toLocaleString()}% {variant.weightType === 'fix' ? '(fixed)' : ''}
      </Table.Td>
      <Table.Td>
        {variant.payload ? (
          <Text size="xs" lineClamp={1}>
            {variant.payload.type}: {variant.payload.value}
          </Text>
        ) : (
          '–'
        )}
      </Table.Td>
      <Table.Td>
        {(variant.overrides ?? [])
          .map((override) => `${override.contextName} = ${override.values.join(', ')}`)
          .join('; ') || '–'}
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Guarded reason={denied}>
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={disabled}
              onClick={onEdit}
              aria-label={`Edit variant ${variant.name} in ${environment}`}
            >
              Edit
            </Button>
          </Guarded>
          <Guarded reason={denied}>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              disabled={disabled}
              onClick={onDelete}
              aria-label={`Delete variant ${variant.name} in ${environment}`}
            >
              Delete
            </Button>
          </Guarded>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Adds a variant (editing null) or edits one, in a modal. */
function VariantDialog({
  environment,
  editing,
  otherNames,
  stickinessOptions,
  contextFields,
  stickiness,
  onSave,
  onClose,
}: {
  environment: string;
  editing: { variant: Variant | null } | null;
  otherNames: string[];
  stickinessOptions: string[];
  contextFields: string[];
  stickiness: string;
  onSave: (variant: Variant, shared: string) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={
        editing?.variant ? `Edit ${editing.variant.name} in ${environment}` : `New variant in ${environment}`
      }
      size="lg"
    >
      {editing ? (
        <VariantForm
          variant={editing.variant}
          otherNames={otherNames}
          stickinessOptions={stickinessOptions}
          contextFields={contextFields}
          stickiness={stickiness}
          onSave={onSave}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}

/**
 * The variants' shared stickiness (the first variant's), what it may be (the built-in ones and the
 * context fields marked for stickiness), and the context fields overrides may use.
 */
function useVariantStickiness(current: Variant[]) {
  const contextFields = useServerData('context-fields', (api) => api.listContextFields());
  const stickiness = current[0]?.stickiness ?? 'default';
  const fieldNames = (contextFields.data ?? []).map((field) => field.name);
  const stickinessOptions = [
    ...new Set([
      ...BUILT_IN_STICKINESS,
      ...(contextFields.data ?? []).filter((field) => field.stickiness).map((field) => field.name),
      stickiness,
    ]),
  ];
  return { stickiness, fieldNames, stickinessOptions };
}

function VariantProblems({ problems }: { problems: string[] }) {
  return (
    <Alert color="red" variant="light" title="The variants were not saved" mb="sm">
      {problems.join(' ')}
    </Alert>
  );
}

/** Add variant, the shared stickiness, and the queued edit if there is one. */
function AddVariantBar({
  environment,
  denied,
  stickiness,
  pending,
  disabled,
  onAdd,
}: {
  environment: string;
  denied: Denied;
  stickiness: string;
  pending: OutboxEntry | undefined;
  disabled: boolean | undefined;
  onAdd: () => void;
}) {
  return (
    <Group gap="xs" mt="xs">
      <Guarded reason={denied}>
        <Button
          size="xs"
          variant="light"
          disabled={disabled}
          onClick={onAdd}
          aria-label={`Add variant in ${environment}`}
        >
          Add variant
        </Button>
      </Guarded>
      <Text size="xs" c="dimmed">
        Stickiness: {stickiness}
      </Text>
      <PendingBadge entry={pending} />
    </Group>
  );
}
