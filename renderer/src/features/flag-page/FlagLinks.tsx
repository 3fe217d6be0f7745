import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type Feature, type FlagRef, flagPath } from '../../api/flag-api';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useServerMutation } from '../../stores/use-mutations';

type FeatureLink = NonNullable<Feature['links']>[number];

/** Links must be absolute http(s) URLs to be followed from the console. */
export function linkUrlProblem(url: string): string | null {
  if (url.trim() === '') return 'Paste the address to link to';
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:'
      ? null
      : 'Use an http or https address';
  } catch {
    return 'Not a full address: start it with https://';
  }
}

/** The form that adds a link, or edits one in place. */
function LinkForm({
  flag,
  link,
  onDone,
  onCancel,
}: {
  flag: FlagRef;
  link?: FeatureLink;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const save = useServerMutation(
    async (api, body: { url: string; title: string | null }) => {
      if (link) await api.client.put<unknown>(`${flagPath(flag)}/link/${encodeURIComponent(link.id)}`, body);
      else await api.client.post<unknown>(`${flagPath(flag)}/link`, body);
    },
    { kind: 'flag-link', path: flagPath(flag) },
  );
  const [url, setUrl] = useState(link?.url ?? '');
  const [title, setTitle] = useState(link?.title ?? '');
  const { submitting, error, showErrors, submit } = useFormSubmit();
  const server = fieldErrorsOf(error);
  const problem = linkUrlProblem(url);

  async function send() {
    await save.mutateAsync({ url: url.trim(), title: title.trim() || null });
    onDone();
  }

  return (
    <form onSubmit={(event) => submit(event, problem !== null, send)} noValidate>
      {needsFormAlert(error) ? <ErrorNotice error={error} title="The link was not saved" /> : null}
      <Group align="flex-start" gap="xs">
        <TextInput
          w={340}
          label="Link URL"
          placeholder="https://tracker.example.com/ISSUE-1"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={server.url ?? (showErrors ? (problem ?? undefined) : undefined)}
        />
        <TextInput
          label="Link title"
          placeholder="optional"
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={server.title}
        />
        <Group gap="xs" mt={25}>
          <Button type="submit" size="sm" loading={submitting}>
            {link ? 'Save link' : 'Add link'}
          </Button>
          {onCancel ? (
            <Button variant="default" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Group>
    </form>
  );
}

/** The flag's links (`…/features/:name/link`): to its ticket, dashboard or docs. */
export function FlagLinks({ flag, feature }: { flag: FlagRef; feature: Feature }) {
  const removeLink = useServerMutation(
    (api, link: FeatureLink) =>
      api.client.delete<unknown>(`${flagPath(flag)}/link/${encodeURIComponent(link.id)}`),
    { kind: 'flag-link', path: flagPath(flag) },
  );
  const [editing, setEditing] = useState<string | null>(null);
  // A fresh add form after each link added: empty, and not showing "required" for the emptied field.
  const [addForm, setAddForm] = useState(0);
  const error = removeLink.error;
  const links = feature.links ?? [];
  const remove = (link: FeatureLink) => removeLink.mutateAsync(link).catch(() => {});

  return (
    <Stack gap="sm">
      {error ? <ErrorNotice error={error} title="The link was not removed" /> : null}
      {links.length === 0 ? (
        <Text size="sm" c="dimmed">
          No links yet.
        </Text>
      ) : null}
      {links.map((link) =>
        editing === link.id ? (
          <LinkForm
            key={link.id}
            flag={flag}
            link={link}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <Group key={link.id} gap="xs" data-testid={`flag-link-${link.id}`}>
            <Anchor href={link.url} target="_blank" rel="noreferrer" underline="always">
              {link.title || link.url}
            </Anchor>
            {link.title ? (
              <Text size="xs" c="dimmed">
                {link.url}
              </Text>
            ) : null}
            <Button
              size="xs"
              variant="subtle"
              aria-label={`Edit link ${link.title || link.url}`}
              onClick={() => setEditing(link.id)}
            >
              Edit
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              aria-label={`Remove link ${link.title || link.url}`}
              onClick={() => void remove(link)}
            >
              Remove
            </Button>
          </Group>
        ),
      )}
      <LinkForm key={addForm} flag={flag} onDone={() => setAddForm((count) => count + 1)} />
    </Stack>
  );
}
