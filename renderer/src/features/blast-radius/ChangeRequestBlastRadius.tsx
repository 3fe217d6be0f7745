import { Card, List, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '../../api/api-error';
import { useServerCheck } from '../../stores/use-server-check';
import { blastRadiusApi } from './blast-radius-api';
import { type ProposedChange, proposalOfChange } from './change-request-proposals';

interface RequestShape {
  project: string;
  environment: string;
  features: ReadonlyArray<{ name: string; changes: readonly ProposedChange[] }>;
}

function ChangeLine({
  project,
  environment,
  flagName,
  change,
}: {
  project: string;
  environment: string;
  flagName: string;
  change: ProposedChange;
}) {
  const proposal = proposalOfChange(change);
  const key = proposal
    ? `blast-radius ${project} ${flagName} ${environment} ${JSON.stringify(proposal)}`
    : null;
  const check = useServerCheck(key, (api) =>
    proposal
      ? blastRadiusApi(api)
          .preview(project, flagName, environment, proposal)
          .then(
            (preview) =>
              preview.evaluated === 0
                ? 'no sampled contexts'
                : `+${preview.offToOn} on, −${preview.onToOff} off of ${preview.evaluated} recently seen contexts`,
            (error: unknown) => (error instanceof ApiError ? error.message : 'no preview'),
          )
      : Promise.resolve(''),
  );
  if (!proposal) return null;
  return (
    <List.Item>
      <Text span size="sm">
        {flagName} ({change.action}): {check.answer ?? 'estimating…'}
      </Text>
    </List.Item>
  );
}

/**
 * The blast radius of a change request, per change it holds that a preview covers (toggles and
 * strategy additions, edits, deletions), each against the flag as it is now.
 */
export function ChangeRequestBlastRadius({ request }: { request: RequestShape }) {
  const covered = request.features.flatMap((feature) =>
    feature.changes
      .filter((change) => proposalOfChange(change) !== null)
      .map((change) => ({ feature, change })),
  );
  if (covered.length === 0) return null;
  return (
    <Card withBorder padding="md" component="section" aria-label="Blast radius of this change request">
      <Stack gap="xs">
        <Title order={2} size="h5">
          Blast radius
        </Title>
        <List spacing={2} data-testid="change-request-blast-radius">
          {covered.map(({ feature, change }) => (
            <ChangeLine
              key={change.id}
              project={request.project}
              environment={request.environment}
              flagName={feature.name}
              change={change}
            />
          ))}
        </List>
      </Stack>
    </Card>
  );
}
