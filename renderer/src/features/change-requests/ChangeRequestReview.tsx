import { Button, Group, MultiSelect, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { useServerData } from '../../stores/use-server-data';
import { changeRequestPath, createChangeRequestApi } from './change-request-api';
import {
  CHANGE_REQUEST_STATES,
  type ChangeRequest,
  type ChangeRequestReviewer,
  userName,
} from './change-request-types';
import { ONLINE_ONLY_REASON, useReviewStep } from './use-change-requests';

/** The states the request went through, in Unleash's order, with when. */
export function StateTimeline({ request }: { request: ChangeRequest }) {
  const stamps = request.stateTimestamps ?? {};
  const reached = CHANGE_REQUEST_STATES.filter((state) => stamps[state] || state === request.state);
  const active = reached.indexOf(request.state);
  return (
    <Timeline active={active} bulletSize={16} lineWidth={2} aria-label="State timeline">
      {reached.map((state) => (
        <Timeline.Item key={state} title={state}>
          {stamps[state] ? (
            <Text size="xs" c="dimmed">
              <RelativeTime value={stamps[state]} />
            </Text>
          ) : null}
          {state === 'Scheduled' && request.schedule ? (
            <Text size="xs" c="dimmed">
              for {new Date(request.schedule.scheduledAt).toLocaleString()}
            </Text>
          ) : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

const reviewerLabel = (reviewer: ChangeRequestReviewer) =>
  reviewer.name || reviewer.username || reviewer.email || `user ${reviewer.id}`;

/** Requested reviewers (`…/approvers`), chosen from those who may approve in the environment. */
function Reviewers({ request }: { request: ChangeRequest }) {
  const { project, id, environment } = request;
  const key = `${changeRequestPath(project, id)}/approvers`;
  const requested = useServerData(key, (api, signal) =>
    createChangeRequestApi(api.client).approvers(project, id, signal),
  );
  const open = request.state === 'Draft' || request.state === 'In review';
  const available = useServerData(
    open ? `change-request-reviewers:${project}/${environment}` : null,
    (api, signal) => createChangeRequestApi(api.client).availableReviewers(project, environment, signal),
  );
  const step = useReviewStep();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const current = (requested.data?.reviewers ?? []).map((reviewer) => String(reviewer.id));
  const options = [...(available.data?.reviewers ?? []), ...(requested.data?.reviewers ?? [])]
    .filter((reviewer, index, all) => all.findIndex((other) => other.id === reviewer.id) === index)
    .map((reviewer) => ({ value: String(reviewer.id), label: reviewerLabel(reviewer) }));
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        Reviewers
      </Title>
      {requested.data?.reviewers.length ? (
        <Text size="sm">{requested.data.reviewers.map(reviewerLabel).join(', ')}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          Anyone who may approve in {environment}.
        </Text>
      )}
      {open ? (
        <Group align="flex-end" gap="xs">
          <MultiSelect
            label="Request reviews from"
            data={options}
            value={chosen ?? current}
            onChange={setChosen}
            maxValues={10}
            searchable
            w={320}
          />
          <Button
            variant="light"
            disabled={chosen === null || step.offline}
            loading={step.busy}
            title={step.offline ? ONLINE_ONLY_REASON : undefined}
            onClick={() =>
              void step
                .run((api) => api.setApprovers(project, id, (chosen ?? []).map(Number)))
                .then((ok) => ok && setChosen(null))
            }
          >
            Save reviewers
          </Button>
        </Group>
      ) : null}
      {step.error ? <ErrorNotice error={step.error} title="The reviewers were not saved" /> : null}
    </Stack>
  );
}

/** Approvals, rejections, reviewers and the comment thread of a change request. */
export function ChangeRequestReview({ request }: { request: ChangeRequest }) {
  const step = useReviewStep();
  const [text, setText] = useState('');
  const approvals = request.approvals ?? [];
  const rejections = request.rejections ?? [];
  const comments = [...(request.comments ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={4} size="h5">
          Approvals
        </Title>
        <Text size="sm" data-testid="approvals">
          {approvals.length
            ? approvals.map((approval) => `Approved by ${userName(approval.createdBy)}`).join(' · ')
            : `No approvals yet (${request.minApprovals ?? 1} needed).`}
        </Text>
        {rejections.map((rejection) => (
          <Text size="sm" c="red" key={`${rejection.createdAt}-${userName(rejection.createdBy)}`}>
            Rejected by {userName(rejection.createdBy)} <RelativeTime value={rejection.createdAt} />
          </Text>
        ))}
      </Stack>
      <Reviewers request={request} />
      <Stack gap="xs">
        <Title order={4} size="h5">
          Comments
        </Title>
        {comments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No comments yet.
          </Text>
        ) : (
          comments.map((comment) => (
            <Stack gap={0} key={comment.id ?? `${comment.createdAt}-${comment.text}`} data-testid="comment">
              <Text size="xs" c="dimmed">
                {userName(comment.createdBy)} · <RelativeTime value={comment.createdAt} />
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {comment.text}
              </Text>
            </Stack>
          ))
        )}
        {step.error ? <ErrorNotice error={step.error} title="The comment was not added" /> : null}
        <Textarea
          label="Add a comment"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          minRows={2}
        />
        <Group justify="flex-end">
          <Button
            variant="light"
            disabled={!text.trim() || step.offline}
            loading={step.busy}
            title={step.offline ? ONLINE_ONLY_REASON : undefined}
            onClick={() =>
              void step
                .run((api) => api.comment(request.project, request.id, text.trim()))
                .then((ok) => ok && setText(''))
            }
          >
            Comment
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
