import { Alert, Anchor, Badge, Button, Card, Grid, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { Link } from '../../router/navigation';
import { projectPath, withQuery } from '../../router/paths';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { ChangeRequestBlastRadius } from '../blast-radius/index';
import { ChangeRequestActions } from './ChangeRequestActions';
import { ChangeRequestChanges, useNames } from './ChangeRequestChanges';
import { ChangeRequestReview, StateTimeline } from './ChangeRequestReview';
import { changeRequestKey, createChangeRequestApi } from './change-request-api';
import { type ChangeRequest, OPEN_STATES, userName } from './change-request-types';
import { StateBadge } from './StateBadge';
import { useReviewStep } from './use-change-requests';

function EditableTitle({ request }: { request: ChangeRequest }) {
  const step = useReviewStep();
  const [draft, setDraft] = useState<string | null>(null);
  const open = OPEN_STATES.includes(request.state);
  if (draft === null)
    return open ? (
      <Button size="compact-sm" variant="subtle" onClick={() => setDraft(request.title ?? '')}>
        Edit title
      </Button>
    ) : null;
  return (
    <Stack gap="xs">
      {step.error ? <ErrorNotice error={step.error} title="The title was not saved" /> : null}
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Title"
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          data-autofocus
          w={360}
        />
        <Button variant="default" onClick={() => setDraft(null)}>
          Cancel
        </Button>
        <Button
          loading={step.busy}
          disabled={!draft.trim() || step.offline}
          onClick={() =>
            void step
              .run((api) => api.setTitle(request.project, request.id, draft.trim()))
              .then((ok) => ok && setDraft(null))
          }
        >
          Save title
        </Button>
      </Group>
    </Stack>
  );
}

function ScheduleNotice({ request }: { request: ChangeRequest }) {
  const schedule = request.schedule;
  if (!schedule || request.state !== 'Scheduled') return null;
  if (schedule.status === 'pending')
    return (
      <Alert color="blue" variant="light" mb="md" data-testid="schedule-notice">
        Scheduled to be applied {new Date(schedule.scheduledAt).toLocaleString()} (
        <RelativeTime value={schedule.scheduledAt} />
        ).
      </Alert>
    );
  const reason = schedule.status === 'failed' ? (schedule.failureReason ?? schedule.reason) : schedule.reason;
  return (
    <Alert
      color="red"
      variant="light"
      mb="md"
      title={schedule.status === 'failed' ? 'The scheduled application failed' : 'The schedule is suspended'}
      data-testid="schedule-notice"
    >
      It was due {new Date(schedule.scheduledAt).toLocaleString()}. Reason: {reason}
    </Alert>
  );
}

/** One change request: its changes as before/after, its review, and the steps its state allows. */
export function ChangeRequestPage({ project, id }: { project: string; id: number }) {
  const now = useNow();
  const query = useServerData(changeRequestKey(project, id), (api, signal) =>
    createChangeRequestApi(api.client).get(project, id, signal),
  );
  const names = useNames();
  const request = query.data;
  return (
    <>
      <Anchor component={Link} to={projectPath(project, 'change-requests')} size="sm">
        ← Change requests of {project}
      </Anchor>
      <PageHeader
        title={request ? `#${request.id} ${request.title || `Change request`}` : `Change request #${id}`}
        description={
          request ? (
            <Group gap="xs" component="span">
              <StateBadge state={request.state} />
              <Badge component="span" variant="light" color="red">
                {request.environment}
              </Badge>
              <span>
                by {userName(request.createdBy)}, created <RelativeTime value={request.createdAt} />
              </span>
            </Group>
          ) : undefined
        }
        savedAt={query.savedAt}
        fromCache={query.fromCache}
        now={now}
        actions={request ? <EditableTitle request={request} /> : null}
      />
      <QueryState query={query} noun="the change request">
        {(data) => (
          <>
            <ScheduleNotice request={data} />
            <Anchor
              component={Link}
              to={withQuery('/playground', {
                environments: data.environment,
                projects: data.project,
                changeRequest: data.id,
              })}
              size="sm"
            >
              Preview in playground
            </Anchor>
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Stack gap="md">
                  <Card withBorder padding="md">
                    <ChangeRequestActions request={data} />
                  </Card>
                  <ChangeRequestChanges request={data} names={names} />
                  <ChangeRequestBlastRadius request={data} />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Stack gap="lg">
                  <StateTimeline request={data} />
                  <ChangeRequestReview request={data} />
                </Stack>
              </Grid.Col>
            </Grid>
          </>
        )}
      </QueryState>
    </>
  );
}
