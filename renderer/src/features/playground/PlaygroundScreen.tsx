import {
  ActionIcon,
  Badge,
  Button,
  Group,
  MultiSelect,
  Select,
  Stack,
  Table,
  TagsInput,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { Fragment, useEffect, useState } from 'react';
import type { AdvancedPlaygroundResponse } from '../../../../server/contract';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { replaceQuery, useLocation } from '../../router/navigation';
import { type ServerData, useServerData } from '../../stores/use-server-data';
import { PlaygroundChangeRequestImpact } from './PlaygroundChangeRequestImpact';
import { PlaygroundExplanation, ResultBadge } from './PlaygroundExplanation';
import classes from './PlaygroundScreen.module.css';
import {
  type ContextRow,
  type PlaygroundState,
  playgroundKey,
  type ResultRow,
  readPlaygroundQuery,
  resultRows,
  toAdvancedRequest,
  writePlaygroundQuery,
} from './playground-query';

const BUILT_IN_FIELDS = ['appName', 'environment', 'userId', 'sessionId', 'remoteAddress', 'currentTime'];

function ResultLine({ row }: { row: ResultRow }) {
  const [open, setOpen] = useState(false);
  const variant = row.result.variant;
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>
          <UnstyledButton aria-expanded={open} onClick={() => setOpen((value) => !value)}>
            <Text size="sm" fw={600} span>
              {row.flag}
            </Text>
            <VisuallyHidden> {open ? 'hide' : 'show'} why</VisuallyHidden>
          </UnstyledButton>
          <Text size="xs" c="dimmed">
            {row.project}
          </Text>
        </Table.Td>
        <Table.Td>{row.environment}</Table.Td>
        <Table.Td>
          <Text size="sm" ff="monospace">
            {row.contextLabel || '–'}
          </Text>
        </Table.Td>
        <Table.Td>
          <ResultBadge
            value={
              row.result.isEnabled ? true : row.result.strategies.result === 'unknown' ? 'unknown' : false
            }
          />
        </Table.Td>
        <Table.Td>
          {variant && variant.name !== 'disabled' ? <Badge variant="dot">{variant.name}</Badge> : '–'}
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr className={classes.detailRow}>
          <Table.Td colSpan={5}>
            <PlaygroundExplanation result={row.result} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Fragment>
  );
}

function ContextBuilder({
  rows,
  fieldNames,
  legalValues,
  onChange,
}: {
  rows: ContextRow[];
  fieldNames: string[];
  legalValues: (field: string) => string[];
  onChange: (rows: ContextRow[]) => void;
}) {
  const update = (index: number, row: ContextRow) =>
    onChange(rows.map((old, i) => (i === index ? row : old)));
  return (
    <Stack gap="xs">
      {rows.map((row, index) => (
        // Rows are edited in place and have no identity beyond their position.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Group key={index} className={classes.contextRow} gap="xs" wrap="wrap">
          <Select
            className={classes.field}
            label="Context field"
            data={[...new Set([...fieldNames, row.field].filter(Boolean))]}
            value={row.field || null}
            searchable
            onChange={(field) => update(index, { field: field ?? '', values: row.values })}
          />
          <TagsInput
            className={classes.values}
            label={`Values of ${row.field || 'the field'}`}
            description="Several values evaluate every combination"
            data={legalValues(row.field)}
            value={row.values}
            onChange={(values) => update(index, { field: row.field, values })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${row.field || 'field'}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" onClick={() => onChange([...rows, { field: '', values: [] }])}>
          Add context field
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The playground (issue 15, Unleash's `/playground`): what every flag answers for one or more
 * contexts, and why. The inputs live in the URL, so a link shares the question and its answer.
 */
export function PlaygroundScreen() {
  const location = useLocation();
  const applied = readPlaygroundQuery(location.query);
  const [draft, setDraft] = useState<PlaygroundState>(applied);
  const environments = useServerData('environments', (api) => api.listEnvironments());
  const fields = useServerData('context-fields', (api) => api.listContextFields());
  const environmentNames = (environments.data?.environments ?? []).map((environment) => environment.name);

  // A first visit without environments picks the first one, so the screen answers at once.
  const firstEnvironment = environmentNames[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the environments arrive
  useEffect(() => {
    if (applied.environments.length === 0 && firstEnvironment) {
      setDraft((previous) => ({ ...previous, environments: [firstEnvironment] }));
      replaceQuery('/playground', writePlaygroundQuery({ ...applied, environments: [firstEnvironment] }));
    }
  }, [firstEnvironment]);

  const key = playgroundKey(applied);
  const results = useServerData<AdvancedPlaygroundResponse>(key, (api) => {
    const body = toAdvancedRequest(applied);
    return applied.changeRequest
      ? api.client.post(`/api/admin/playground/change-request/${applied.changeRequest}`, {
          context: body.context,
        })
      : api.client.post('/api/admin/playground/advanced', body);
  });

  const fieldNames = [...new Set([...BUILT_IN_FIELDS, ...(fields.data ?? []).map((field) => field.name)])];
  const legalValues = (name: string) =>
    (fields.data ?? []).find((field) => field.name === name)?.legalValues.map((legal) => legal.value) ?? [];

  return (
    <>
      <PageHeader
        title="Playground"
        description="See what every flag answers for a context, and why: each strategy, constraint and segment."
      />
      {applied.changeRequest ? (
        <Text size="sm" mb="sm">
          Previewing change request #{applied.changeRequest} as if it were applied.
        </Text>
      ) : null}
      {applied.changeRequest && applied.projects.length === 1 ? (
        <PlaygroundChangeRequestImpact project={applied.projects[0]!} id={applied.changeRequest} />
      ) : null}
      <Stack className={classes.builder} gap="sm">
        <ScopeFields
          draft={draft}
          setDraft={setDraft}
          environmentNames={environmentNames}
          changeRequest={applied.changeRequest}
        />
        <ContextBuilder
          rows={draft.context}
          fieldNames={fieldNames}
          legalValues={legalValues}
          onChange={(context) => setDraft({ ...draft, context })}
        />
        <Group>
          <Button
            disabled={draft.environments.length === 0}
            onClick={() => replaceQuery('/playground', writePlaygroundQuery(draft))}
          >
            Evaluate
          </Button>
        </Group>
      </Stack>
      {key === null ? (
        <Text c="dimmed">Choose at least one environment.</Text>
      ) : (
        <PlaygroundResults results={results} applied={applied} />
      )}
    </>
  );
}

/** Which environments to evaluate in and, unless previewing a change request, which projects' flags. */
function ScopeFields({
  draft,
  setDraft,
  environmentNames,
  changeRequest,
}: {
  draft: PlaygroundState;
  setDraft: (draft: PlaygroundState) => void;
  environmentNames: string[];
  changeRequest: PlaygroundState['changeRequest'];
}) {
  const projects = useServerData('projects', (api) => api.listProjects());
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <MultiSelect
        label="Environments"
        data={environmentNames}
        value={draft.environments}
        onChange={(value) => setDraft({ ...draft, environments: value })}
      />
      {changeRequest ? null : (
        <MultiSelect
          label="Projects"
          placeholder={draft.projects.length ? undefined : 'All projects'}
          data={(projects.data?.projects ?? []).map((project) => ({
            value: project.id,
            label: project.name,
          }))}
          value={draft.projects}
          onChange={(value) => setDraft({ ...draft, projects: value })}
        />
      )}
    </Group>
  );
}

/** Each flag's answer per environment and context, and the context properties the server ignored. */
function PlaygroundResults({
  results,
  applied,
}: {
  results: ServerData<AdvancedPlaygroundResponse>;
  applied: PlaygroundState;
}) {
  return (
    <QueryState
      query={results}
      noun="results"
      isEmpty={(data) => data.features.length === 0}
      empty="No flag in these projects."
    >
      {(data) => (
        <>
          {data.warnings?.invalidContextProperties?.length ? (
            <Text size="sm" c="orange" mb="sm">
              Ignored (not text): {data.warnings.invalidContextProperties.join(', ')}
            </Text>
          ) : null}
          <ListTable minWidth={720} columns={['Flag', 'Environment', 'Context', 'Enabled', 'Variant']}>
            {resultRows(data, applied).map((row) => (
              <ResultLine key={row.key} row={row} />
            ))}
          </ListTable>
        </>
      )}
    </QueryState>
  );
}
