import { Badge, Button, Card, Collapse, Divider, Group, Switch, Text, UnstyledButton } from '@mantine/core';
import { useId, useState } from 'react';
import type { FeatureEnvironment, FlagRef } from '../../api/flag-api';
import { EditLock } from '../../components/EditLock/EditLock';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { Guarded } from '../../components/Guarded/Guarded';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { PendingChangeNotice } from '../../components/PendingChangeNotice/PendingChangeNotice';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { useEditingLock } from '../../stores/editing-lock';
import { usePermissionReason } from '../../stores/permissions';
import { usePendingEdits } from '../../stores/use-outbox';
import { BlastRadiusPanel } from '../blast-radius/index';
import { ChangeRequestModeNotice, ChangeRequestRouting, DraftCounter } from '../change-requests/index';
import { FlagReleasePlan } from '../release-plans/index';
import type { ServingMilestone } from '../strategies/index';
import { FlagStrategiesPanel } from '../strategies/index';
import classes from './FlagPage.module.css';
import { FlagVariants } from './FlagVariants';
import { flagEnabledEdit, flagEnvironmentTarget } from './flag-edits';
import { useFlagEdit } from './use-flag-edit';

/**
 * The milestone running in this environment (`environments[].releasePlans`, issue 31 §3): the
 * server serves its strategies, before the flag's own, so the strategies section shows them.
 */
function servingMilestone(environment: FeatureEnvironment): ServingMilestone | null {
  for (const plan of environment.releasePlans ?? []) {
    const milestone = plan.milestones.find((candidate) => candidate.id === plan.activeMilestoneId);
    if (milestone) {
      return { planName: plan.name, milestoneName: milestone.name, strategies: milestone.strategies ?? [] };
    }
  }
  return null;
}

/**
 * One environment of the flag: its on/off switch, release plan, strategies and variants, open at
 * first when `defaultExpanded` (FlagSections opens the enabled ones, or the first when none is).
 */
export function FlagEnvironment({
  flag,
  environment,
  defaultExpanded = true,
}: {
  flag: FlagRef;
  environment: FeatureEnvironment;
  defaultExpanded?: boolean;
}) {
  return (
    <ChangeRequestRouting project={flag.project} environment={environment.name}>
      <FlagEnvironmentCard flag={flag} environment={environment} defaultExpanded={defaultExpanded} />
    </ChangeRequestRouting>
  );
}

/** "3 strategies", "1 strategy", "no strategies": the summary line's count of the flag's own. */
export function strategyCount(environment: FeatureEnvironment): string {
  const count = environment.strategies?.length ?? 0;
  return count === 0 ? 'no strategies' : count === 1 ? '1 strategy' : `${count} strategies`;
}

/** Evaluations the SDKs reported for the flag here in the last hour, when any. */
function EvaluationSummary({ environment }: { environment: FeatureEnvironment }) {
  const yes = environment.yes ?? 0;
  const no = environment.no ?? 0;
  if (yes + no === 0) return null;
  return (
    <Text size="xs" c="dimmed" mt="sm" data-testid={`evaluations-${environment.name}`}>
      Last hour: {(yes + no).toLocaleString()} evaluations, {Math.round((yes / (yes + no)) * 100)}% true
    </Text>
  );
}

/** The summary line's left part: the toggle (name), type, strategies and release plan, last seen. */
function EnvironmentHeading({
  environment,
  expanded,
  bodyId,
  onToggle,
}: {
  environment: FeatureEnvironment;
  expanded: boolean;
  bodyId: string;
  onToggle: () => void;
}) {
  const plan = environment.releasePlans?.[0];
  return (
    <>
      <UnstyledButton
        className={classes.envToggle}
        aria-expanded={expanded}
        aria-controls={bodyId}
        onClick={onToggle}
      >
        <span className={classes.chevron} data-expanded={expanded} aria-hidden />
        <Text fw={700} span>
          {environment.name}
        </Text>
      </UnstyledButton>
      {environment.type ? (
        <Badge size="sm" variant="light" color={environment.type === 'production' ? 'red' : 'blue'}>
          {environment.type}
        </Badge>
      ) : null}
      <Text size="xs" c="dimmed" data-testid={`strategy-count-${environment.name}`}>
        {strategyCount(environment)}
        {plan ? ` · release plan ${plan.name}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {environment.lastSeenAt ? (
          <>
            Last seen <RelativeTime value={environment.lastSeenAt} />
          </>
        ) : (
          'Not seen by an SDK yet'
        )}
      </Text>
    </>
  );
}

/** An open block: release plan, strategies and variants (locked while editing is), then the evaluations. */
function EnvironmentBody({ flag, environment }: { flag: FlagRef; environment: FeatureEnvironment }) {
  return (
    <>
      <EditLock>
        <Divider my="sm" label="Release plan" labelPosition="left" />
        <FlagReleasePlan project={flag.project} flagName={flag.name} environment={environment.name} />
        <Divider my="sm" label="Strategies" labelPosition="left" />
        <FlagStrategiesPanel
          project={flag.project}
          flagName={flag.name}
          environment={environment.name}
          servingMilestone={servingMilestone(environment)}
        />
        <Divider my="sm" label="Variants" labelPosition="left" />
        <FlagVariants flag={flag} environment={environment.name} />
      </EditLock>
      <EvaluationSummary environment={environment} />
    </>
  );
}

/**
 * Inside the routing, so its edits go into the draft where change requests are required. One block
 * per environment as in Unleash: a summary line (name, type, strategy count, last seen, the switch)
 * that opens onto the release plan, strategies and variants.
 */
function FlagEnvironmentCard({
  flag,
  environment,
  defaultExpanded,
}: {
  flag: FlagRef;
  environment: FeatureEnvironment;
  defaultExpanded: boolean;
}) {
  const pending = usePendingEdits('flag-environment')(flagEnvironmentTarget(flag, environment.name));
  const edit = useFlagEdit();
  const mine = (pending?.mine as { enabled?: boolean } | null | undefined)?.enabled;
  const enabled = typeof mine === 'boolean' ? mine : environment.enabled;
  const [previewing, setPreviewing] = useState(false);
  const [expanded, setExpanded] = useState(defaultExpanded);
  const lock = useEditingLock();
  const bodyId = useId();
  const denied = usePermissionReason('UPDATE_FEATURE_ENVIRONMENT', {
    project: flag.project,
    environment: environment.name,
  });

  return (
    <Card withBorder padding="sm" data-testid={`environment-${environment.name}`} data-expanded={expanded}>
      <div className={classes.envSummary}>
        <EnvironmentHeading
          environment={environment}
          expanded={expanded}
          bodyId={bodyId}
          onToggle={() => setExpanded((open) => !open)}
        />
        <Group gap="xs" className={classes.envActions}>
          <DraftCounter project={flag.project} environment={environment.name} />
          <PendingBadge entry={pending} />
          <Button
            size="compact-sm"
            variant="subtle"
            aria-expanded={previewing}
            aria-label={`Preview impact of switching ${flag.name} ${enabled ? 'off' : 'on'} in ${environment.name}`}
            onClick={() => setPreviewing((open) => !open)}
          >
            Preview impact
          </Button>
          <Guarded reason={denied} wrap>
            <Switch
              checked={enabled}
              disabled={edit.busy || lock !== null}
              title={lock ?? undefined}
              label={enabled ? 'On' : 'Off'}
              aria-label={`${flag.name} on in ${environment.name}`}
              onChange={(event) =>
                void edit.submit(flagEnabledEdit(flag, environment.name, event.currentTarget.checked))
              }
            />
          </Guarded>
        </Group>
      </div>
      {previewing ? (
        // What flipping the switch would do to recently seen contexts, before anyone flips it.
        <BlastRadiusPanel
          project={flag.project}
          flagName={flag.name}
          environment={environment.name}
          proposal={{ kind: 'toggle', enabled: !enabled }}
        />
      ) : null}
      <ChangeRequestModeNotice environment={environment.name} />
      {edit.error ? (
        <ErrorNotice error={edit.error} title={`${flag.name} was not switched in ${environment.name}`} />
      ) : null}
      {edit.queued ? <PendingChangeNotice onClose={edit.clearQueued} /> : null}
      {/* Closed blocks are not drawn, and do not ask the server for their strategies and variants. */}
      <Collapse expanded={expanded} keepMounted={false} id={bodyId}>
        <EnvironmentBody flag={flag} environment={environment} />
      </Collapse>
    </Card>
  );
}
