import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import type { PlanAction, ReleasePlanProgress } from './release-plans-api';
import { SafeguardForm } from './SafeguardForm';

type Safeguard = NonNullable<ReleasePlanProgress['safeguards']>[number];

interface SafeguardLineProps {
  safeguard: Safeguard;
  /** Edit and remove show unless the form is open. */
  actions: boolean;
  busy: boolean;
  suffix: string;
  onEdit: () => void;
  onRemove: () => void;
}

/** The rule of one safeguard, whether it holds or has triggered, and editing or removing it. */
function SafeguardLine({ safeguard, actions, busy, suffix, onEdit, onRemove }: SafeguardLineProps) {
  const { impactMetric, triggerCondition } = safeguard;
  const selectors = Object.entries(impactMetric.labelSelectors)
    .map(([label, values]) => `${label}=${values.join('|')}`)
    .join(', ');
  return (
    <Group gap="xs">
      <Text size="sm">
        Safeguard: pause when {impactMetric.metricName}
        {selectors ? ` {${selectors}}` : ''} ({impactMetric.aggregationMode} over the last{' '}
        {impactMetric.timeRange}) {triggerCondition.operator} {triggerCondition.threshold}
      </Text>
      {safeguard.triggeredAt ? (
        <Badge color="red" variant="light">
          Triggered <RelativeTime value={safeguard.triggeredAt} />
        </Badge>
      ) : (
        <Badge color="teal" variant="light">
          Holding
        </Badge>
      )}
      {actions ? (
        <>
          <Button size="compact-sm" variant="subtle" disabled={busy} onClick={onEdit}>
            {`Edit safeguard${suffix}`}
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" disabled={busy} onClick={onRemove}>
            {`Remove safeguard${suffix}`}
          </Button>
        </>
      ) : null}
    </Group>
  );
}

/**
 * The plan's safeguard: the rule on its impact metric, when it last paused the plan, and the means to
 * set, change or remove it. Unleash keeps one safeguard per plan, so "Add" shows only without one.
 */
export function PlanSafeguards({
  plan,
  busy,
  drafting,
  send,
}: {
  plan: ReleasePlanProgress;
  busy: boolean;
  drafting: boolean;
  /** Sends or drafts the action; rejects with the server's refusal so the form can show it. */
  send: (action: PlanAction, done: string) => Promise<void>;
}) {
  const safeguards = plan.safeguards ?? [];
  const current = safeguards[0] ?? null;
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState<Safeguard | null>(null);
  const suffix = drafting ? ' (draft)' : '';

  return (
    <Stack gap={4} data-testid="plan-safeguards">
      {safeguards.map((safeguard) => (
        <SafeguardLine
          key={safeguard.id}
          safeguard={safeguard}
          actions={!editing}
          busy={busy}
          suffix={suffix}
          onEdit={() => setEditing(true)}
          onRemove={() => setRemoving(safeguard)}
        />
      ))}
      {editing ? (
        <SafeguardForm
          planName={plan.name}
          initial={current}
          drafting={drafting}
          onCancel={() => setEditing(false)}
          onSave={async (safeguard) => {
            await send(
              { action: 'changeSafeguard', payload: { planId: plan.id, safeguard } },
              current ? 'Safeguard changed.' : 'Safeguard added.',
            );
            setEditing(false);
          }}
        />
      ) : current === null ? (
        <Group>
          <Button size="compact-sm" variant="light" disabled={busy} onClick={() => setEditing(true)}>
            {`Add safeguard${suffix}`}
          </Button>
        </Group>
      ) : null}
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove the safeguard on ${removing?.impactMetric.metricName ?? ''}?`}
        confirmLabel={`Remove safeguard${suffix}`}
        cancelLabel="Keep it"
        failure="The safeguard was not removed"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await send(
            { action: 'deleteSafeguard', payload: { planId: plan.id, safeguardId: removing.id } },
            'Safeguard removed.',
          );
        }}
      >
        {plan.name} then advances on its progressions whatever the metric does.
      </ConfirmDialog>
    </Stack>
  );
}
