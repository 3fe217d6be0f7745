import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { BlastRadiusPanel } from '../blast-radius/index';
import { milestoneStrategySummary } from '../release-templates/index';
import { ProgressionForm } from './ProgressionForm';
import { describeInterval, type PlanAction, type PlanMilestone, type PlanPlace } from './release-plans-api';

export interface PlanMilestoneRowProps {
  place: PlanPlace;
  planId: string;
  milestone: PlanMilestone;
  position: number;
  /** Where a progression out of this milestone leads (its target, else the next); null for the last. */
  target: PlanMilestone | null;
  active: boolean;
  busy: boolean;
  drafting: boolean;
  perform: (action: PlanAction, done: string) => Promise<boolean>;
}

/** The milestone's number and name, whether it is active or done, and when it started. */
function MilestoneHeading({
  milestone,
  position,
  active,
}: {
  milestone: PlanMilestone;
  position: number;
  active: boolean;
}) {
  return (
    <Group gap="xs">
      <Text fw={700}>
        {position + 1}. {milestone.name}
      </Text>
      {active ? (
        <Badge color="teal" variant="filled">
          Active
        </Badge>
      ) : milestone.startedAt ? (
        <Badge color="gray" variant="light">
          Done
        </Badge>
      ) : null}
      {milestone.startedAt ? (
        <Text size="xs" c="dimmed">
          Started <RelativeTime value={milestone.startedAt} />
        </Text>
      ) : null}
    </Group>
  );
}

type ProgressionProps = Pick<PlanMilestoneRowProps, 'milestone' | 'position' | 'busy' | 'perform'> & {
  target: PlanMilestone;
};

/** Where the milestone leads and after how long (or by hand), with changing or removing that. */
function MilestoneProgression({ milestone, target, position, busy, perform }: ProgressionProps) {
  const [editing, setEditing] = useState(false);
  const interval = milestone.transitionCondition?.type === 'exposure' ? null : milestone.transitionCondition;
  if (editing) {
    return (
      <ProgressionForm
        milestoneName={milestone.name}
        targetName={target.name}
        initialMinutes={interval?.intervalMinutes ?? null}
        busy={busy}
        onCancel={() => setEditing(false)}
        onSave={async (intervalMinutes) => {
          const saved = await perform(
            {
              action: 'changeMilestoneProgression',
              payload: {
                sourceMilestone: milestone.id,
                targetMilestone: target.id,
                transitionCondition: { intervalMinutes },
              },
            },
            `${milestone.name} advances to ${target.name} after ${describeInterval(intervalMinutes)}.`,
          );
          if (saved) setEditing(false);
        }}
      />
    );
  }
  return (
    <Group gap="xs">
      <Text size="sm" data-testid={`progression-${position + 1}`}>
        {interval
          ? `Advances to ${target.name} after ${describeInterval(interval.intervalMinutes)}`
          : `Advances to ${target.name} by hand`}
      </Text>
      <Button size="compact-sm" variant="subtle" disabled={busy} onClick={() => setEditing(true)}>
        {interval ? `Change progression of ${milestone.name}` : `Advance ${milestone.name} automatically`}
      </Button>
      {interval ? (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          disabled={busy}
          onClick={() =>
            void perform(
              { action: 'deleteMilestoneProgression', payload: { sourceMilestone: milestone.id } },
              `${milestone.name} no longer advances by itself.`,
            )
          }
        >
          Remove progression of {milestone.name}
        </Button>
      ) : null}
    </Group>
  );
}

/** One milestone of an applied plan: its strategies, whether it is active, start, and its progression. */
export function PlanMilestoneRow(props: PlanMilestoneRowProps) {
  const { place, planId, milestone, position, target, active, busy, drafting, perform } = props;
  const [previewing, setPreviewing] = useState(false);
  const strategies = [...(milestone.strategies ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);

  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      data-testid={`plan-milestone-${position + 1}`}
      aria-current={active ? 'step' : undefined}
      style={active ? { borderColor: 'var(--mantine-color-teal-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <MilestoneHeading milestone={milestone} position={position} active={active} />
          {active ? null : (
            <Group gap="xs" wrap="nowrap">
              <Button
                size="compact-sm"
                variant="subtle"
                aria-expanded={previewing}
                aria-label={`Preview impact of starting ${milestone.name}`}
                onClick={() => setPreviewing((open) => !open)}
              >
                Preview impact
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                disabled={busy}
                aria-label={`Start ${milestone.name}`}
                onClick={() =>
                  void perform(
                    { action: 'startMilestone', payload: { planId, milestoneId: milestone.id } },
                    `${milestone.name} started: its strategies are now the flag's.`,
                  )
                }
              >
                {drafting ? 'Start (draft)' : 'Start'}
              </Button>
            </Group>
          )}
        </Group>
        {previewing && !active ? (
          // What starting it would do to recently seen contexts, before anyone presses Start.
          <BlastRadiusPanel
            {...place}
            proposal={{ kind: 'start-milestone', planId, milestoneId: milestone.id }}
          />
        ) : null}
        {strategies.length === 0 ? (
          <Text size="sm">No strategies</Text>
        ) : (
          strategies.map((strategy) => (
            <Text size="sm" key={strategy.id}>
              {milestoneStrategySummary(strategy)}
            </Text>
          ))
        )}
        {target ? (
          <MilestoneProgression
            milestone={milestone}
            target={target}
            position={position}
            busy={busy}
            perform={perform}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
