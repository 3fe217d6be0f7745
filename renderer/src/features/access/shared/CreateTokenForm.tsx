import { Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice/ErrorNotice';
import { fieldErrorLookup, needsFormAlert } from '../../../components/ErrorNotice/field-errors';
import { FormActions } from '../../../components/FormActions/FormActions';
import { useFormSubmit } from '../../../components/FormActions/use-form-submit';
import { useNow } from '../../../stores/use-now';
import type { CreatePatBody, Pat } from '../access-api';
import { dayInputValue, daysLater, endOfDayIso, expiryProblem } from './dates';

const DEFAULT_LIFETIME_DAYS = 30;

/** Description and expiry day of a personal or service-account token; the caller sends it. */
export function CreateTokenForm({
  create,
  onCreated,
  onCancel,
}: {
  create: (body: CreatePatBody) => Promise<Pat>;
  onCreated: (token: Pat) => void;
  onCancel: () => void;
}) {
  const now = useNow();
  const [description, setDescription] = useState('');
  const [expiresOn, setExpiresOn] = useState(() => dayInputValue(daysLater(now, DEFAULT_LIFETIME_DAYS)));
  const { submitting, error, showErrors, submit } = useFormSubmit();

  const local: Record<string, string> = {};
  if (!description.trim()) local.description = 'Say what the token is for';
  const expiry = expiryProblem(expiresOn, now);
  if (expiry) local.expiresAt = expiry;
  const fieldError = fieldErrorLookup(error, local, showErrors);

  async function send() {
    onCreated(await create({ description: description.trim(), expiresAt: endOfDayIso(expiresOn) }));
  }

  return (
    <form onSubmit={(event) => submit(event, Object.keys(local).length > 0, send)} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) ? <ErrorNotice error={error} title="The token was not created" /> : null}
        <TextInput
          label="Description"
          required
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={fieldError('description')}
          data-autofocus
        />
        <TextInput
          label="Expires"
          description="The token stops working at the end of this day"
          type="date"
          required
          value={expiresOn}
          onChange={(event) => setExpiresOn(event.currentTarget.value)}
          error={fieldError('expiresAt')}
        />
        <FormActions submitLabel="Create token" submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
