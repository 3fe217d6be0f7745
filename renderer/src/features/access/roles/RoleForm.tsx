import { Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice/ErrorNotice';
import {
  fieldErrorLookup,
  nameTakenMessage,
  needsFormAlert,
} from '../../../components/ErrorNotice/field-errors';
import { FormActions } from '../../../components/FormActions/FormActions';
import { useFormSubmit } from '../../../components/FormActions/use-form-submit';
import type { SubmitResult } from '../../../stores/console-store';
import { useEditMutation, useServerWrite } from '../../../stores/use-mutations';
import { type AdminPermissions, accessApi, type RoleWithPermissions } from '../access-api';
import { permissionKey, roleBody, roleEdit, roleSnapshot } from '../access-edits';
import { RoleKindField } from './RoleKindField';
import { RolePermissionGroups } from './RolePermissionGroups';
import { type CustomRoleType, permissionGroups } from './role-permission-groups';

export type RoleFormProps = {
  catalog: AdminPermissions;
  onCancel: () => void;
} & (
  | { role: RoleWithPermissions; onSaved: (result: SubmitResult) => void }
  | { role?: undefined; onCreated: (name: string) => void }
);

/** A custom role's name, description and permissions; built-in roles never reach this form. */
export function RoleForm(props: RoleFormProps) {
  const { catalog, onCancel, role } = props;
  const write = useServerWrite({ kind: 'role' });
  const { mutateAsync: submitEdit } = useEditMutation();
  const creating = role === undefined;
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [type, setType] = useState<CustomRoleType>(role?.type === 'root-custom' ? 'root-custom' : 'custom');
  const [chosen, setChosen] = useState<string[]>(role ? roleSnapshot(role).permissions : []);
  const { submitting, error, showErrors, submit } = useFormSubmit();

  const groups = permissionGroups(catalog, type);
  const local: Record<string, string> = {};
  if (!name.trim()) local.name = 'A role needs a name';
  else if (name.trim().length > 100) local.name = 'At most 100 characters';
  const lookup = fieldErrorLookup(error, local, showErrors);
  const nameError = lookup('name') ?? nameTakenMessage(error);

  const blocked = Object.keys(local).length > 0;

  async function send() {
    const available = new Set(groups.flatMap((group) => group.permissions.map(permissionKey)));
    const body = roleBody({
      name,
      description,
      type,
      permissions: chosen.filter((key) => available.has(key)),
    });
    if (props.role) props.onSaved(await submitEdit(roleEdit(props.role, body)));
    else if ('onCreated' in props) {
      await write((api) => accessApi(api).createRole(body));
      props.onCreated(body.name);
    }
  }

  return (
    <form onSubmit={(event) => submit(event, blocked, send)} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) && !nameError ? (
          <ErrorNotice
            error={error}
            title={creating ? 'The role was not created' : 'The role was not changed'}
          />
        ) : null}
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError}
          data-autofocus
        />
        <Textarea
          label="Description"
          rows={2}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={lookup('description')}
        />
        <RoleKindField type={type} creating={creating} onChange={setType} />
        <RolePermissionGroups
          groups={groups}
          chosen={chosen}
          onChange={setChosen}
          error={lookup('permissions')}
        />
        <FormActions
          submitLabel={creating ? 'Create role' : 'Save role'}
          submitting={submitting}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
