import { Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice/ErrorNotice';
import { fieldErrorLookup, needsFormAlert } from '../../../components/ErrorNotice/field-errors';
import { FormActions } from '../../../components/FormActions/FormActions';
import { useFormSubmit } from '../../../components/FormActions/use-form-submit';
import type { SubmitResult } from '../../../stores/console-store';
import { useEditMutation, useServerWrite } from '../../../stores/use-mutations';
import { useNow } from '../../../stores/use-now';
import { accessApi, type InviteLink } from '../access-api';
import { inviteLinkEdit } from '../access-edits';
import { dayInputValue, daysLater, endOfDayIso, expiryProblem } from '../shared/dates';

const DEFAULT_LIFETIME_DAYS = 7;
/** The server shortens a later expiry to one month from now. */
export const EXPIRY_HINT = 'The link stops working at the end of this day; at most a month from now';

/** A new invite link: its name and expiry. The server gives every invite link the Viewer root role. */
export function CreateInviteLinkForm({
  onCreated,
  onCancel,
}: {
  onCreated: (link: InviteLink) => void;
  onCancel: () => void;
}) {
  const write = useServerWrite({ kind: 'invite-link' });
  const now = useNow();
  const [name, setName] = useState('');
  const [expiresOn, setExpiresOn] = useState(() => dayInputValue(daysLater(now, DEFAULT_LIFETIME_DAYS)));
  const { submitting, error, showErrors, submit } = useFormSubmit();

  const local: Record<string, string> = {};
  if (!name.trim()) local.name = 'Name the link after whom it is for';
  const expiry = expiryProblem(expiresOn, now);
  if (expiry) local.expiresAt = expiry;
  const fieldError = fieldErrorLookup(error, local, showErrors);

  const blocked = Object.keys(local).length > 0;

  async function send() {
    onCreated(
      await write((api) =>
        accessApi(api).createInviteLink({
          name: name.trim(),
          expiresAt: endOfDayIso(expiresOn),
        }),
      ),
    );
  }

  return (
    <form onSubmit={(event) => submit(event, blocked, send)} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) ? <ErrorNotice error={error} title="The invite link was not created" /> : null}
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fieldError('name')}
          data-autofocus
        />
        <TextInput
          label="Expires"
          description={EXPIRY_HINT}
          type="date"
          required
          value={expiresOn}
          onChange={(event) => setExpiresOn(event.currentTarget.value)}
          error={fieldError('expiresAt')}
        />
        <Text size="sm" c="dimmed">
          Role: whoever signs up through an invite link becomes a Viewer; the server sets this for every link.
          Change their role under Users afterwards.
        </Text>
        <FormActions submitLabel="Create link" submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

/** Moves an invite link's expiry, through the outbox. */
export function InviteLinkExpiryForm({
  link,
  onSaved,
  onCancel,
}: {
  link: InviteLink;
  onSaved: (result: SubmitResult) => void;
  onCancel: () => void;
}) {
  const { mutateAsync: submitEdit } = useEditMutation();
  const now = useNow();
  const [expiresOn, setExpiresOn] = useState(() => dayInputValue(link.expiresAt));
  const { submitting, error, showErrors, submit } = useFormSubmit();
  const problem = expiryProblem(expiresOn, now);
  const fieldError = fieldErrorLookup(error, problem ? { expiresAt: problem } : {}, showErrors);

  const blocked = problem !== null;

  async function send() {
    onSaved(await submitEdit(inviteLinkEdit(link, { expiresAt: endOfDayIso(expiresOn) })));
  }

  return (
    <form onSubmit={(event) => submit(event, blocked, send)} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) ? <ErrorNotice error={error} title="The expiry was not changed" /> : null}
        <TextInput
          label="Expires"
          description={EXPIRY_HINT}
          type="date"
          required
          value={expiresOn}
          onChange={(event) => setExpiresOn(event.currentTarget.value)}
          error={fieldError('expiresAt')}
          data-autofocus
        />
        <FormActions submitLabel="Save expiry" submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
