import { NativeSelect, NumberInput, Stack, Switch, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { FormActions } from '../../components/FormActions/FormActions';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useServerDraft } from '../../components/FormActions/use-server-draft';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { useServerWrite } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { type BlastRadiusSettingsView, blastRadiusApi, parseFieldNames } from './blast-radius-api';

function SettingsForm({ view, onSaved }: { view: BlastRadiusSettingsView; onSaved: () => void }) {
  const write = useServerWrite({ kind: 'blast-radius-settings' });
  const { draft, change } = useServerDraft<{
    enabled: boolean;
    retentionDays: number | string;
    fields: string;
    mode: typeof view.settings.sensitiveMode;
  }>({
    enabled: view.settings.enabled,
    retentionDays: view.settings.retentionDays,
    fields: view.settings.sensitiveFields.join('\n'),
    mode: view.settings.sensitiveMode,
  });
  const { enabled, retentionDays, fields, mode } = draft;
  const { submitting, error, showErrors, submit } = useFormSubmit();
  const days = Number(retentionDays);
  const daysProblem = Number.isInteger(days) && days >= 1 && days <= 90 ? null : 'Between 1 and 90 days';

  async function send() {
    await write((api) =>
      blastRadiusApi(api).saveSettings({
        enabled,
        retentionDays: days,
        sensitiveFields: parseFieldNames(fields),
        sensitiveMode: mode,
      }),
    );
    onSaved();
  }

  return (
    <form onSubmit={(event) => submit(event, daysProblem !== null, send)} noValidate>
      <Stack gap="sm" maw={640}>
        {error ? <ErrorNotice error={error} title="The settings were not saved" /> : null}
        <Switch
          label="Sample contexts the frontend API evaluates"
          checked={enabled}
          onChange={(event) => change({ enabled: event.currentTarget.checked })}
        />
        <NumberInput
          label="Retention (days)"
          description="Contexts not seen again for this long are deleted"
          min={1}
          max={90}
          value={retentionDays}
          onChange={(next) => change({ retentionDays: next })}
          error={showErrors || retentionDays !== '' ? daysProblem : undefined}
        />
        <Textarea
          label="Sensitive context fields"
          description="One field name a line (top-level such as userId, or a property name). Changing this list deletes the contexts stored so far."
          rows={4}
          value={fields}
          onChange={(event) => change({ fields: event.currentTarget.value })}
        />
        <NativeSelect
          label="Sensitive fields are"
          data={[
            {
              value: 'hash',
              label: 'Hashed (HMAC with this installation’s secret): rollouts keep their spread',
            },
            { value: 'drop', label: 'Dropped: never stored' },
          ]}
          value={mode}
          onChange={(event) => change({ mode: event.currentTarget.value === 'drop' ? 'drop' : 'hash' })}
        />
        <FormActions submitLabel="Save settings" submitting={submitting} onCancel={onSaved} />
      </Stack>
    </form>
  );
}

/** `/admin/blast-radius`: how contexts are sampled for the blast-radius preview (issue 15). */
export function BlastRadiusSettingsScreen() {
  const now = useNow();
  const view = useServerData('blast-radius-settings', (api) => blastRadiusApi(api).settings());
  const [saved, setSaved] = useState(false);
  return (
    <>
      <PageHeader
        title="Blast radius"
        description="Contexts the frontend API evaluated, sampled so a change can be previewed against real users before it is made."
        savedAt={view.savedAt}
        fromCache={view.fromCache}
        now={now}
      />
      {saved ? (
        <Text size="sm" role="status" mb="sm">
          Settings saved.
        </Text>
      ) : null}
      <QueryState query={view} noun="settings" isEmpty={() => false}>
        {(data) => (
          <Stack gap="lg">
            <SettingsForm view={data} onSaved={() => setSaved(true)} />
            <Stack gap="xs" maw={640}>
              <Text size="sm">
                Sampled contexts per environment (at most {data.maxContextsPerEnvironment}, oldest pruned):
              </Text>
              {data.sampled.length === 0 ? (
                <Text size="sm" c="dimmed">
                  None yet.
                </Text>
              ) : (
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Environment</Table.Th>
                      <Table.Th>Contexts</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.sampled.map((row) => (
                      <Table.Tr key={row.environment}>
                        <Table.Td>{row.environment}</Table.Td>
                        <Table.Td>{row.contexts}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          </Stack>
        )}
      </QueryState>
    </>
  );
}
