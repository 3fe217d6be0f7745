import { Alert, Code, List, Loader, Group as MantineGroup, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ApiError, NetworkError } from '../../api/api-error';
import { useServerCheck } from '../../stores/use-server-check';
import { type BlastRadiusPreview, type BlastRadiusProposal, blastRadiusApi, share } from './blast-radius-api';

/** How long edits pause before the preview is asked again. */
export const PREVIEW_DELAY_MS = 400;

export interface BlastRadiusPanelProps {
  project: string;
  flagName: string;
  environment: string;
  /** The change to preview; null previews nothing (the form is not complete yet). */
  proposal: BlastRadiusProposal | null;
}

// `hidden`: the form edits something that is not a flag's strategy yet (a change request's added
// strategy, a release template's milestone), which the server does not know: nothing to preview.
type Answer = { preview: BlastRadiusPreview } | { problem: string } | { hidden: true };

function Summary({ preview }: { preview: BlastRadiusPreview }) {
  if (!preview.samplingEnabled) {
    return (
      <Text size="sm" c="dimmed">
        Context sampling is off, so there is nothing to preview. An administrator can turn it on under Blast
        radius.
      </Text>
    );
  }
  if (preview.evaluated === 0) {
    return (
      <Text size="sm" c="dimmed">
        No contexts sampled in this environment yet: they are collected from frontend API requests.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm" data-testid="blast-radius-summary">
        Of {preview.evaluated} recently seen contexts,{' '}
        <strong>{share(preview.offToOn, preview.evaluated)}</strong> would turn on and{' '}
        <strong>{share(preview.onToOff, preview.evaluated)}</strong> would turn off; {preview.unchanged}{' '}
        unchanged ({preview.enabledBefore} on now, {preview.enabledAfter} after).
      </Text>
      {preview.reasons.length ? (
        <>
          <Text size="sm">Decided by:</Text>
          <List size="sm" spacing={2}>
            {preview.reasons.map((reason) => (
              <List.Item key={`${reason.kind} ${reason.label}`}>
                {reason.kind}: <Code>{reason.label}</Code>
                {reason.offToOn ? ` +${reason.offToOn} on` : ''}
                {reason.onToOff ? ` −${reason.onToOff} off` : ''}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
      {preview.examples.length ? (
        <details>
          <summary>
            <Text span size="sm">
              Example contexts (sensitive fields hashed)
            </Text>
          </summary>
          <Stack gap={2} mt={4}>
            {preview.examples.map((example) => {
              const line = `${example.change === 'offToOn' ? 'turns on' : 'turns off'}: ${JSON.stringify(example.context)}`;
              // Stored contexts are distinct (deduplicated by hash), so each line is unique.
              return (
                <Code key={line} block>
                  {line}
                </Code>
              );
            })}
          </Stack>
        </details>
      ) : null}
    </Stack>
  );
}

/**
 * The blast radius of a change while it is edited: how many recently seen contexts it would turn
 * on or off, and what decides it, asked again once edits pause. Offline, it says so.
 */
export function BlastRadiusPanel({ project, flagName, environment, proposal }: BlastRadiusPanelProps) {
  const wanted = proposal ? JSON.stringify(proposal) : null;
  const [debounced] = useDebouncedValue(wanted, PREVIEW_DELAY_MS);
  const settled = wanted !== null && debounced === wanted;
  const check = useServerCheck<Answer>(
    settled ? `blast-radius ${project} ${flagName} ${environment} ${wanted}` : null,
    (api) =>
      blastRadiusApi(api)
        .preview(project, flagName, environment, JSON.parse(wanted ?? 'null') as BlastRadiusProposal)
        .then(
          (preview): Answer => ({ preview }),
          (error: unknown): Answer =>
            error instanceof ApiError && error.errorName === 'NotFoundError'
              ? { hidden: true }
              : {
                  problem:
                    error instanceof NetworkError
                      ? 'The server is unreachable: no preview.'
                      : error instanceof ApiError
                        ? error.message
                        : String(error),
                },
        ),
  );
  if (proposal === null || (check.answer && 'hidden' in check.answer)) return null;
  return (
    <section aria-label="Blast radius">
      <Stack gap={6}>
        <MantineGroup gap="xs">
          <Title order={3} size="h5">
            Blast radius
          </Title>
          {check.checking ? (
            <Loader size="xs" role="status" aria-label="Estimating the blast radius" />
          ) : null}
        </MantineGroup>
        {check.answer && 'problem' in check.answer ? (
          <Alert color="yellow" variant="light">
            {check.answer.problem}
          </Alert>
        ) : null}
        {check.answer && 'preview' in check.answer ? <Summary preview={check.answer.preview} /> : null}
      </Stack>
    </section>
  );
}
