import { Card, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/api-error';
import { useServerCheck } from '../../stores/use-server-check';
import { type BlastRadiusPreview, type BlastRadiusProposal, blastRadiusApi } from './blast-radius-api';
import { type ProposedChange, proposalOfChange } from './change-request-proposals';

interface RequestShape {
  id: number;
  project: string;
  environment: string;
  features: ReadonlyArray<{ name: string; changes: readonly ProposedChange[] }>;
}

const describePreview = (preview: BlastRadiusPreview) =>
  preview.evaluated === 0
    ? 'no sampled contexts'
    : `+${preview.offToOn} on, −${preview.onToOff} off of ${preview.evaluated} recently seen contexts`;

/** One preview line: `label: counts`, asked of the server once per proposal. */
function PreviewLine({
  project,
  environment,
  flagName,
  label,
  proposal,
  children,
}: {
  project: string;
  environment: string;
  flagName: string;
  label: string;
  proposal: BlastRadiusProposal;
  children?: ReactNode;
}) {
  const key = `blast-radius ${project} ${flagName} ${environment} ${JSON.stringify(proposal)}`;
  const check = useServerCheck(key, (api) =>
    blastRadiusApi(api)
      .preview(project, flagName, environment, proposal)
      .then(describePreview, (error: unknown) => (error instanceof ApiError ? error.message : 'no preview')),
  );
  return (
    <List.Item>
      <Text span size="sm">
        {label}: {check.answer ?? 'estimating…'}
      </Text>
      {children}
    </List.Item>
  );
}

/**
 * The blast radius of a change request: per flag, all of its covered changes (toggles and
 * strategy additions, edits, deletions) applied together; with several, each one alone too,
 * against the flag as it is now.
 */
export function ChangeRequestBlastRadius({ request }: { request: RequestShape }) {
  const flags = request.features
    .map((feature) => ({
      name: feature.name,
      covered: feature.changes.flatMap((change) => {
        const proposal = proposalOfChange(change);
        return proposal ? [{ change, proposal }] : [];
      }),
    }))
    .filter((flag) => flag.covered.length > 0);
  if (flags.length === 0) return null;
  const place = { project: request.project, environment: request.environment };
  return (
    <Card withBorder padding="md" component="section" aria-label="Blast radius of this change request">
      <Stack gap="xs">
        <Title order={2} size="h5">
          Blast radius
        </Title>
        <List spacing={2} data-testid="change-request-blast-radius">
          {flags.map((flag) => (
            <PreviewLine
              key={flag.name}
              {...place}
              flagName={flag.name}
              label={`${flag.name}, all changes together`}
              proposal={{ kind: 'change-request', changeRequestId: request.id }}
            >
              {flag.covered.length > 1 ? (
                <List spacing={2} withPadding>
                  {flag.covered.map(({ change, proposal }) => (
                    <PreviewLine
                      key={change.id}
                      {...place}
                      flagName={flag.name}
                      label={`${change.action} alone`}
                      proposal={proposal}
                    />
                  ))}
                </List>
              ) : null}
            </PreviewLine>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
