import { Code, Stack, Text, Textarea } from '@mantine/core';
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
import { corsApi, type FrontendSettings, originProblem, parseOrigins } from './cors-api';

function CorsForm({ settings, onSaved }: { settings: FrontendSettings; onSaved: () => void }) {
  const write = useServerWrite({ kind: 'cors' });
  const { draft, change, reset } = useServerDraft({ text: settings.frontendApiOrigins.join('\n') });
  const { text } = draft;
  const { submitting, error, showErrors, submit } = useFormSubmit();
  const origins = parseOrigins(text);
  const problems = origins.map(originProblem).filter((problem): problem is string => problem !== null);

  async function send() {
    await write((api) => corsApi(api).setOrigins(origins));
    onSaved();
  }

  return (
    <form onSubmit={(event) => submit(event, problems.length > 0, send)} noValidate>
      <Stack gap="sm" maw={640}>
        {error ? <ErrorNotice error={error} title="The origins were not saved" /> : null}
        <Textarea
          label="Allowed origins"
          description="One origin a line, e.g. https://app.example.com; * allows every origin. Empty: no browser may call the frontend API from another origin."
          rows={5}
          value={text}
          onChange={(event) => change({ text: event.currentTarget.value })}
          error={showErrors || text.trim() ? problems[0] : undefined}
        />
        <Text size="sm" c="dimmed">
          Browser and mobile SDKs call <Code>{`${settings.unleashUrl}/api/frontend`}</Code>.
        </Text>
        <FormActions submitLabel="Save origins" submitting={submitting} onCancel={reset} />
      </Stack>
    </form>
  );
}

/** `/admin/cors`: which web origins may call the frontend API (Unleash's CORS origins). */
export function CorsScreen() {
  const now = useNow();
  const settings = useServerData('ui-config', (api) => corsApi(api).settings());
  const [saved, setSaved] = useState(false);
  return (
    <>
      <PageHeader
        title="CORS origins"
        description="Frontend API settings: the web origins browsers may call the frontend API from."
        savedAt={settings.savedAt}
        fromCache={settings.fromCache}
        now={now}
      />
      {saved ? (
        <Text size="sm" role="status" mb="sm">
          Origins saved.
        </Text>
      ) : null}
      <QueryState query={settings} noun="settings" isEmpty={() => false}>
        {(data) => <CorsForm settings={data} onSaved={() => setSaved(true)} />}
      </QueryState>
    </>
  );
}
