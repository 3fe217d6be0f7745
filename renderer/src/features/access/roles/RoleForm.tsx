import { useState } from 'react';
import {
  CrudForm,
  DescriptionInput,
  type EditOrCreate,
  NameInput,
  useCrudFormCalls,
} from '../../../components/CrudForm/CrudForm';
import { fieldErrorLookup, nameTakenMessage } from '../../../components/ErrorNotice/field-errors';
import { type AdminPermissions, accessApi, type RoleWithPermissions } from '../access-api';
import { permissionKey, roleBody, roleEdit, roleSnapshot } from '../access-edits';
import { RoleKindField } from './RoleKindField';
import { RolePermissionGroups } from './RolePermissionGroups';
import { type CustomRoleType, permissionGroups } from './role-permission-groups';

/** The catalog of permissions, and the role to edit (or none: create one, answered with its name). */
export type RoleFormProps = { catalog: AdminPermissions; onCancel: () => void } & EditOrCreate<
  'role',
  RoleWithPermissions,
  string
>;

/** The form's own checks: a name of at most 100 characters. */
function roleProblems(name: string): Record<string, string> {
  if (!name.trim()) return { name: 'A role needs a name' };
  if (name.trim().length > 100) return { name: 'At most 100 characters' };
  return {};
}

/** A custom role's name, description and permissions; built-in roles never reach this form. */
export function RoleForm(props: RoleFormProps) {
  const { catalog, role } = props;
  const { write, submitEdit, submitting, error, showErrors, submit } = useCrudFormCalls({ kind: 'role' });
  const creating = role === undefined;
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [type, setType] = useState<CustomRoleType>(role?.type === 'root-custom' ? 'root-custom' : 'custom');
  const [chosen, setChosen] = useState<string[]>(role ? roleSnapshot(role).permissions : []);

  const groups = permissionGroups(catalog, type);
  const local = roleProblems(name);
  const lookup = fieldErrorLookup(error, local, showErrors);
  const nameError = lookup('name') ?? nameTakenMessage(error);

  async function send() {
    const available = new Set(groups.flatMap((group) => group.permissions.map(permissionKey)));
    const permissions = chosen.filter((key) => available.has(key));
    const body = roleBody({ name, description, type, permissions });
    if (props.role) props.onSaved(await submitEdit(roleEdit(props.role, body)));
    else if ('onCreated' in props) {
      await write((api) => accessApi(api).createRole(body));
      props.onCreated(body.name);
    }
  }

  return (
    <CrudForm
      noun="role"
      creating={creating}
      editFailure="changed"
      onSubmit={(event) => submit(event, Object.keys(local).length > 0, send)}
      error={error}
      errorShownElsewhere={Boolean(nameError)}
      submitting={submitting}
      onCancel={props.onCancel}
    >
      <NameInput value={name} onChange={setName} error={nameError} />
      <DescriptionInput value={description} onChange={setDescription} error={lookup('description')} />
      <RoleKindField type={type} creating={creating} onChange={setType} />
      <RolePermissionGroups
        groups={groups}
        chosen={chosen}
        onChange={setChosen}
        error={lookup('permissions')}
      />
    </CrudForm>
  );
}
