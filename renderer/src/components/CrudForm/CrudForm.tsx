import { Loader, Stack, Textarea, TextInput, type TextInputProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation, useServerWrite, type WriteScope } from '../../stores/use-mutations';
import { ErrorNotice } from '../ErrorNotice/ErrorNotice';
import { needsFormAlert } from '../ErrorNotice/field-errors';
import { FormActions } from '../FormActions/FormActions';
import { type FormSubmit, useFormSubmit } from '../FormActions/use-form-submit';

/** What a create/edit form is for: an item to edit (answered with `onSaved`), or none to create one. */
export type EditOrCreate<Key extends string, T, Created> =
  | ({ [K in Key]: T } & { onSaved: (result: SubmitResult) => void })
  | ({ [K in Key]?: undefined } & { onCreated: (created: Created) => void });

/**
 * The calls a create/edit form makes: `write` straight to the server (a creation that needs its id),
 * `submitEdit` through the outbox, and the submit state around them.
 */
export function useCrudFormCalls(scope: WriteScope): FormSubmit & {
  write: ReturnType<typeof useServerWrite>;
  submitEdit: (
    draft: Parameters<ReturnType<typeof useEditMutation>['mutateAsync']>[0],
  ) => Promise<SubmitResult>;
} {
  const write = useServerWrite(scope);
  const { mutateAsync: submitEdit } = useEditMutation();
  return { write, submitEdit, ...useFormSubmit() };
}

export interface CrudFormProps {
  /** What the form creates or edits, for its texts: "role" → "Create role", "The role was not created". */
  noun: string;
  creating: boolean;
  /** How the failure of an edit reads: "The role was not changed" or "… not saved". */
  editFailure: 'changed' | 'saved';
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The last call's failure; shown above the fields unless `errorShownElsewhere`. */
  error: unknown;
  /** The failure already stands next to a field (a taken name): no alert above. */
  errorShownElsewhere?: boolean;
  submitting: boolean;
  submitDisabled?: boolean;
  onCancel: () => void;
  /** The fields, between the failure and the buttons. */
  children: ReactNode;
}

/**
 * The frame of a create/edit form in a list screen's dialog: the failure the server answered, the
 * fields, then Cancel and "Create …"/"Save …".
 */
export function CrudForm(props: CrudFormProps) {
  const { noun, creating, error } = props;
  return (
    <form onSubmit={props.onSubmit} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) && !props.errorShownElsewhere ? (
          <ErrorNotice
            error={error}
            title={`The ${noun} was not ${creating ? 'created' : props.editFailure}`}
          />
        ) : null}
        {props.children}
        <FormActions
          submitLabel={`${creating ? 'Create' : 'Save'} ${noun}`}
          submitting={props.submitting}
          {...(props.submitDisabled === undefined ? {} : { submitDisabled: props.submitDisabled })}
          onCancel={props.onCancel}
        />
      </Stack>
    </form>
  );
}

/** The name field first in the form, focused when the dialog opens. */
export function NameInput({
  value,
  onChange,
  checking,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  /** While the server checks the name: a loader in the field. */
  checking?: boolean;
}) {
  return (
    <TextInput
      label="Name"
      required
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...(checking === undefined
        ? {}
        : {
            rightSection: checking ? <Loader size="xs" role="status" aria-label="Checking the name" /> : null,
          })}
      data-autofocus
    />
  );
}

/** The optional two-line description. */
export function DescriptionInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: ReactNode;
}) {
  return (
    <Textarea
      label="Description"
      rows={2}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}
