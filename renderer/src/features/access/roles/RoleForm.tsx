import { Checkbox, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
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
import {
  type AdminPermission,
  type AdminPermissions,
  accessApi,
  type RoleWithPermissions,
} from '../access-api';
import { permissionKey, roleBody, roleEdit, roleSnapshot } from '../access-edits';

export type CustomRoleType = 'root-custom' | 'custom';

interface PermissionGroup {
  id: string;
  label: string;
  permissions: AdminPermission[];
}

/** The catalogue's groups a role of this type can hold: root permissions, or project and per-environment ones. */
export function permissionGroups(catalog: AdminPermissions, type: CustomRoleType): PermissionGroup[] {
  if (type === 'root-custom') {
    return [{ id: 'root', label: 'Root permissions', permissions: catalog.permissions.root ?? [] }];
  }
  return [
    { id: 'project', label: 'Project permissions', permissions: catalog.permissions.project },
    ...catalog.permissions.environments.map((environment) => ({
      id: `environment:${environment.name}`,
      label: `In the environment ${environment.name}`,
      permissions: environment.permissions.map((permission) => ({
        ...permission,
        environment: permission.environment ?? environment.name,
      })),
    })),
  ];
}

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
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Kind
          </Text>
          {creating ? (
            <SegmentedControl
              aria-label="Kind of role"
              value={type}
              onChange={(value) => setType(value as CustomRoleType)}
              data={[
                { value: 'root-custom', label: 'Root role' },
                { value: 'custom', label: 'Project role' },
              ]}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {type === 'root-custom' ? 'Root role' : 'Project role'}: the kind is fixed once the role exists.
            </Text>
          )}
        </Stack>
        {groups.map((group) => {
          const keys = group.permissions.map(permissionKey);
          const inGroup = chosen.filter((key) => keys.includes(key));
          return (
            <Checkbox.Group
              key={group.id}
              label={group.label}
              description={`${inGroup.length} of ${keys.length} chosen`}
              value={inGroup}
              onChange={(next) =>
                setChosen((previous) => [...previous.filter((key) => !keys.includes(key)), ...next])
              }
              error={lookup('permissions')}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
                {group.permissions.map((permission) => (
                  <Checkbox
                    key={permissionKey(permission)}
                    value={permissionKey(permission)}
                    label={permission.displayName}
                    aria-label={
                      permission.environment
                        ? `${permission.displayName} in ${permission.environment}`
                        : permission.displayName
                    }
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          );
        })}
        <FormActions
          submitLabel={creating ? 'Create role' : 'Save role'}
          submitting={submitting}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
