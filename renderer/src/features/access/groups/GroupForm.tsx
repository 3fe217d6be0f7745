import { Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
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
import { accessApi, type Group, type Role, type User } from '../access-api';
import { groupEdit, groupSnapshot } from '../access-edits';
import { UserPicker } from '../shared/UserPicker';

export type GroupFormProps = {
  rootRoles: readonly Role[];
  onCancel: () => void;
} & (
  | { group: Group & { id: number }; onSaved: (result: SubmitResult) => void }
  | { group?: undefined; onCreated: (name: string) => void }
);

/** A group's name, description, optional root role and members (found with the 2-character user search). */
export function GroupForm(props: GroupFormProps) {
  const { rootRoles, onCancel, group } = props;
  const write = useServerWrite({ kind: 'group' });
  const { mutateAsync: submitEdit } = useEditMutation();
  const creating = group === undefined;
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [rootRole, setRootRole] = useState<string | null>(
    group?.rootRole === null || group?.rootRole === undefined ? null : String(group.rootRole),
  );
  const [mappingsSSO, setMappingsSSO] = useState<string[]>(group?.mappingsSSO ?? []);
  const [members, setMembers] = useState<User[]>((group?.users ?? []).map((member) => member.user));
  const { submitting, error, showErrors, submit } = useFormSubmit();

  const local: Record<string, string> = {};
  if (!name.trim()) local.name = 'A group needs a name';
  else if (name.trim().length > 100) local.name = 'At most 100 characters';
  const lookup = fieldErrorLookup(error, local, showErrors);
  const nameError = lookup('name') ?? nameTakenMessage(error);

  const blocked = Object.keys(local).length > 0;

  async function send() {
    const next = {
      name,
      description,
      rootRole: rootRole === null ? null : Number(rootRole),
      mappingsSSO,
      userIds: members.map((user) => user.id),
    };
    if (props.group) props.onSaved(await submitEdit(groupEdit(props.group, next)));
    else if ('onCreated' in props) {
      const snapshot = groupSnapshot(next);
      await write((api) =>
        accessApi(api).createGroup({
          name: snapshot.name,
          description: snapshot.description,
          mappingsSSO: snapshot.mappingsSSO,
          rootRole: snapshot.rootRole,
          users: snapshot.users.map((id) => ({ user: { id } })),
        }),
      );
      props.onCreated(snapshot.name);
    }
  }

  return (
    <form onSubmit={(event) => submit(event, blocked, send)} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) && !nameError ? (
          <ErrorNotice
            error={error}
            title={creating ? 'The group was not created' : 'The group was not changed'}
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
        <Select
          label="Root role"
          description="Optional: every member gets it on top of their own"
          placeholder="No root role"
          clearable
          data={rootRoles.map((role) => ({ value: String(role.id), label: role.name }))}
          value={rootRole}
          onChange={setRootRole}
          error={lookup('rootRole')}
        />
        <TagsInput
          label="SSO group mappings"
          description="Group names from the identity provider (OIDC claim or SAML attribute): signing in with one of them makes the user a member"
          placeholder="Type a name, then Enter"
          value={mappingsSSO}
          onChange={setMappingsSSO}
          splitChars={[',']}
          maxTags={100}
          error={lookup('mappingsSSO')}
        />
        <UserPicker label="Members" selected={members} onChange={setMembers} error={lookup('users')} />
        <FormActions
          submitLabel={creating ? 'Create group' : 'Save group'}
          submitting={submitting}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
