import { Badge, Button, Card, Divider, Group, Switch, Text } from '@mantine/core';
import { useState } from 'react';
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

/** One environment of the flag: its on/off switch, release plan, strategies and variants. */
export function FlagEnvironment({ flag, environment }: { flag: FlagRef; environment: FeatureEnvironment }) {
  return (
    <ChangeRequestRouting project={flag.project} environment={environment.name}>
      <FlagEnvironmentCard flag={flag} environment={environment} />
    </ChangeRequestRouting>
  );
}

/** Inside the routing, so its edits go into the draft where change requests are required. */
function FlagEnvironmentCard({ flag, environment }: { flag: FlagRef; environment: FeatureEnvironment }) {
  const pending = usePendingEdits('flag-environment')(flagEnvironmentTarget(flag, environment.name));
  const edit = useFlagEdit();
  const mine = (pending?.mine as { enabled?: boolean } | null | undefined)?.enabled;
  const enabled = typeof mine === 'boolean' ? mine : environment.enabled;
  const [previewing, setPreviewing] = useState(false);
  const lock = useEditingLock();
  const denied = usePermissionReason('UPDATE_FEATURE_ENVIRONMENT', {
    project: flag.project,
    environment: environment.name,
  });

  return (
    <Card withBorder padding="md" data-testid={`environment-${environment.name}`}>
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={700}>{environment.name}</Text>
          {environment.type ? (
            <Badge size="sm" variant="light" color={environment.type === 'production' ? 'red' : 'blue'}>
              {environment.type}
            </Badge>
          ) : null}
          <Text size="xs" c="dimmed">
            {environment.lastSeenAt ? (
              <>
                Last seen <RelativeTime value={environment.lastSeenAt} />
              </>
            ) : (
              'Not seen by an SDK yet'
            )}
          </Text>
        </Group>
        <Group gap="xs">
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
      </Group>
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
    </Card>
  );
}
