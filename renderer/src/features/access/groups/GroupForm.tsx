import { Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { ErrorNotice } from '../../../components/ErrorNotice/ErrorNotice';
import { needsFormAlert } from '../../../components/ErrorNotice/field-errors';
import { FormActions } from '../../../components/FormActions/FormActions';
import type { Role } from '../access-api';
import { UserPicker } from '../shared/UserPicker';
import { type GroupFormTarget, useGroupForm } from './use-group-form';

export type GroupFormProps = {
  rootRoles: readonly Role[];
  onCancel: () => void;
} & GroupFormTarget;

/** A group's name, description, optional root role and members (found with the 2-character user search). */
export function GroupForm(props: GroupFormProps) {
  const { rootRoles, onCancel } = props;
  const form = useGroupForm(props);
  const { creating, error, lookup, nameError } = form;

  return (
    <form onSubmit={form.onSubmit} noValidate>
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
          value={form.name}
          onChange={(event) => form.setName(event.currentTarget.value)}
          error={nameError}
          data-autofocus
        />
        <Textarea
          label="Description"
          rows={2}
          value={form.description}
          onChange={(event) => form.setDescription(event.currentTarget.value)}
          error={lookup('description')}
        />
        <Select
          label="Root role"
          description="Optional: every member gets it on top of their own"
          placeholder="No root role"
          clearable
          data={rootRoles.map((role) => ({ value: String(role.id), label: role.name }))}
          value={form.rootRole}
          onChange={form.setRootRole}
          error={lookup('rootRole')}
        />
        <TagsInput
          label="SSO group mappings"
          description="Group names from the identity provider (OIDC claim or SAML attribute): signing in with one of them makes the user a member"
          placeholder="Type a name, then Enter"
          value={form.mappingsSSO}
          onChange={form.setMappingsSSO}
          splitChars={[',']}
          maxTags={100}
          error={lookup('mappingsSSO')}
        />
        <UserPicker
          label="Members"
          selected={form.members}
          onChange={form.setMembers}
          error={lookup('users')}
        />
        <FormActions
          submitLabel={creating ? 'Create group' : 'Save group'}
          submitting={form.submitting}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
