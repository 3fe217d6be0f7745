import { Alert, List, Stack, Text } from '@mantine/core';
import type { ImportResult, ImportValidate } from './import-export-api';

type Summary = NonNullable<ImportValidate['summary']>;

function Items({ title, color, items }: { title: string; color: string; items: ImportValidate['errors'] }) {
  if (items.length === 0) return null;
  return (
    <Alert color={color} variant="light" title={title} role={color === 'red' ? 'alert' : 'status'}>
      <Stack gap="xs">
        {items.map((item) => (
          <div key={item.message}>
            <Text size="sm">{item.message}</Text>
            <List size="sm">
              {item.affectedItems.map((affected) => (
                <List.Item key={affected}>{affected}</List.Item>
              ))}
            </List>
          </div>
        ))}
      </Stack>
    </Alert>
  );
}

const names = (list: string[]) =>
  list.length > 8 ? `${list.slice(0, 8).join(', ')} and ${list.length - 8} more` : list.join(', ');

/** Created / changed / unchanged, per kind, with what changes on each changed flag. */
export function SummaryList({ summary, planned }: { summary: Summary; planned: boolean }) {
  const verb = planned
    ? ['will be created', 'will change', 'stay as they are']
    : ['created', 'changed', 'unchanged'];
  const line = (label: string, outcome: Summary['features']) =>
    [
      outcome.created.length
        ? `${outcome.created.length} ${label} ${verb[0]} (${names(outcome.created)})`
        : null,
      outcome.changed.length
        ? `${outcome.changed.length} ${label} ${verb[1]} (${names(outcome.changed)})`
        : null,
      outcome.unchanged.length ? `${outcome.unchanged.length} ${label} ${verb[2]}` : null,
    ].filter((text): text is string => text !== null);
  const lines = [
    ...line('flag(s)', summary.features),
    ...line('context field(s)', summary.contextFields),
    ...line('segment(s)', summary.segments),
    ...line('tag type(s)', summary.tagTypes),
  ];
  return (
    <Stack gap="xs" aria-label={planned ? 'What the import will do' : 'What the import did'}>
      <List size="sm">
        {lines.map((text) => (
          <List.Item key={text}>{text}</List.Item>
        ))}
        {summary.skippedArchived.length ? (
          <List.Item>Archived, left alone: {names(summary.skippedArchived)}</List.Item>
        ) : null}
      </List>
      {summary.featureChanges.length ? (
        <>
          <Text size="sm" fw={500}>
            Changes per flag
          </Text>
          <List size="sm">
            {summary.featureChanges.slice(0, 50).map((change) => (
              <List.Item key={change.feature}>
                {change.feature}: {change.parts.join(', ')}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}

export function ValidationResults({ validation }: { validation: ImportValidate }) {
  const clean = validation.errors.length === 0 && !validation.permissions?.length;
  return (
    <Stack gap="sm">
      <Items title="Errors" color="red" items={validation.errors} />
      <Items title="Missing permissions" color="orange" items={validation.permissions ?? []} />
      <Items title="Warnings" color="yellow" items={validation.warnings} />
      {clean ? (
        <Text size="sm" role="status">
          The file is valid for this project and environment.
        </Text>
      ) : null}
      {validation.summary ? <SummaryList summary={validation.summary} planned /> : null}
    </Stack>
  );
}

export function ImportOutcome({ result }: { result: ImportResult }) {
  return (
    <Alert color="teal" variant="light" title="Imported" role="status">
      <Stack gap="xs">
        <SummaryList summary={result.summary} planned={false} />
        {result.changeRequestId !== undefined ? (
          <Text size="sm">
            The environment requires change requests: its changes wait in change request #
            {result.changeRequestId}.
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
