import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { QueryState } from '../../components/QueryState/QueryState';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { draftedNotice, useChangeRequestMode } from '../../stores/change-request-mode';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { ApplyReleasePlanDialog } from './ApplyReleasePlanDialog';
import { PlanMilestoneRow } from './PlanMilestoneRow';
import { PlanSafeguards } from './PlanSafeguards';
import {
  createReleasePlansApi,
  directRequest,
  draftRequest,
  environmentPath,
  type PlanAction,
  type PlanPlace,
  type ReleasePlanProgress,
  releasePlansPath,
} from './release-plans-api';

/** Sending (or drafting, inside change-request routing) plan actions, with the busy flag, refusal and notice. */
function usePlanActions(place: PlanPlace, drafting: ReturnType<typeof useChangeRequestMode>) {
  const write = useServerWrite({ kind: 'release-plan', path: environmentPath(place) });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const request = (action: PlanAction) =>
    drafting ? draftRequest(place, action) : directRequest(place, action);

  /** Sends or drafts one action; a refusal rejects, for forms and dialogs that show it in place. */
  async function send(action: PlanAction, done: string): Promise<void> {
    setNotice(null);
    await write((api) => createReleasePlansApi(api.client).send(request(action)));
    setNotice(drafting ? draftedNotice(drafting) : done);
  }

  async function perform(action: PlanAction, done: string): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await send(action, done);
      return true;
    } catch (refusal) {
      setError(refusal);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, notice, send, perform };
}

/**
 * The release plan of one flag environment (issue 14): apply one from a template, then see and
 * drive its progress. Inside change-request routing, each action is added to the caller's draft
 * instead (Unleash's `addReleasePlan`, `startMilestone`… change actions).
 */
export function FlagReleasePlan({ project, flagName, environment }: PlanPlace) {
  const place = useMemo(() => ({ project, flagName, environment }), [project, flagName, environment]);
  const drafting = useChangeRequestMode();
  const plans = useServerData(releasePlansPath(place), (api, signal) =>
    createReleasePlansApi(api.client).list(place, signal),
  );
  const [applying, setApplying] = useState(false);
  const [removing, setRemoving] = useState<ReleasePlanProgress | null>(null);
  const { busy, error, notice, send, perform } = usePlanActions(place, drafting);

  return (
    <Stack gap="sm" data-testid={`release-plan-${environment}`}>
      {notice ? (
        <Text size="sm" c="teal" role="status">
          {notice}
        </Text>
      ) : null}
      {error ? <ErrorNotice error={error} title="The release plan was not changed" /> : null}
      <QueryState
        query={plans}
        noun="release plans"
        isEmpty={(data) => data.length === 0}
        empty={`No release plan in ${environment}.`}
      >
        {(data) => (
          <Stack gap="md">
            {data.map((plan) => (
              <PlanOverview
                key={plan.id}
                place={place}
                plan={plan}
                busy={busy}
                drafting={drafting !== null}
                perform={perform}
                send={send}
                onRemove={() => setRemoving(plan)}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      {plans.data && plans.data.length === 0 ? (
        <Group>
          <Button variant="light" onClick={() => setApplying(true)} disabled={busy}>
            {drafting ? 'Apply release plan (draft)' : 'Apply release plan'}
          </Button>
        </Group>
      ) : null}
      <ApplyReleasePlanDialog
        opened={applying}
        environment={environment}
        drafting={drafting !== null}
        busy={busy}
        onClose={() => setApplying(false)}
        onApply={async (templateId) => {
          if (await perform({ action: 'addReleasePlan', payload: { templateId } }, 'Release plan applied.'))
            setApplying(false);
        }}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove the release plan ${removing?.name ?? ''} from ${environment}?`}
        confirmLabel="Remove plan"
        cancelLabel="Keep it"
        failure="The release plan was not removed"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await send(
            { action: 'deleteReleasePlan', payload: { planId: removing.id } },
            'Release plan removed.',
          );
        }}
      >
        The plan's milestone strategies leave the flag in {environment}; the flag's own strategies stay.
      </ConfirmDialog>
    </Stack>
  );
}

interface PlanOverviewProps {
  place: PlanPlace;
  plan: ReleasePlanProgress;
  busy: boolean;
  drafting: boolean;
  perform: (action: PlanAction, done: string) => Promise<boolean>;
  send: (action: PlanAction, done: string) => Promise<void>;
  onRemove: () => void;
}

/** Paused by a breached safeguard: says so, with resuming. */
function PausedAlert({
  plan,
  busy,
  drafting,
  perform,
}: Omit<PlanOverviewProps, 'place' | 'send' | 'onRemove'>) {
  return (
    <Alert color="red" variant="light" title="Automatic progression is paused">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">A safeguard was breached: the plan stays at its milestone until resumed.</Text>
        <Button
          size="xs"
          disabled={busy}
          onClick={() =>
            void perform(
              { action: 'resumeMilestoneProgression', payload: { planId: plan.id } },
              'Automatic progression resumed.',
            )
          }
        >
          {drafting ? 'Resume progressions (draft)' : 'Resume progressions'}
        </Button>
      </Stack>
    </Alert>
  );
}

/** An applied plan: where it is, its next progression, its safeguards and its milestones. */
function PlanOverview({ place, plan, busy, drafting, perform, send, onRemove }: PlanOverviewProps) {
  const milestones = [...plan.milestones].sort((a, b) => a.sortOrder - b.sortOrder);
  const active = milestones.find((milestone) => milestone.id === plan.activeMilestoneId);
  return (
    <Stack gap="xs" data-testid={`release-plan-${plan.id}`}>
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={700}>{plan.name}</Text>
          <Badge variant="light">{active ? `At ${active.name}` : 'Not started'}</Badge>
          {plan.progressionsPaused ? (
            <Badge color="red" variant="light">
              Progressions paused
            </Badge>
          ) : null}
        </Group>
        <Button size="compact-sm" variant="subtle" color="red" disabled={busy} onClick={onRemove}>
          Remove plan
        </Button>
      </Group>
      {plan.nextProgressionAt ? (
        <Text size="sm" data-testid="next-progression">
          Next milestone <RelativeTime value={plan.nextProgressionAt} /> (
          {new Date(plan.nextProgressionAt).toLocaleString()})
        </Text>
      ) : null}
      {plan.progressionsPaused ? (
        <PausedAlert plan={plan} busy={busy} drafting={drafting} perform={perform} />
      ) : null}
      <PlanSafeguards plan={plan} busy={busy} drafting={drafting} send={send} />
      <Stack
        component="ol"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={`Milestones of ${plan.name}`}
      >
        {milestones.map((milestone, position) => (
          <PlanMilestoneRow
            key={milestone.id}
            place={place}
            planId={plan.id}
            milestone={milestone}
            position={position}
            target={
              milestones.find((candidate) => candidate.id === milestone.targetMilestone) ??
              milestones[position + 1] ??
              null
            }
            active={milestone.id === plan.activeMilestoneId}
            busy={busy}
            drafting={drafting}
            perform={perform}
          />
        ))}
      </Stack>
    </Stack>
  );
}
