import { type FormEvent, useState } from 'react';
import { fieldErrorLookup, nameTakenMessage } from '../../../components/ErrorNotice/field-errors';
import { useFormSubmit } from '../../../components/FormActions/use-form-submit';
import type { SubmitResult } from '../../../stores/console-store';
import { useEditMutation, useServerWrite } from '../../../stores/use-mutations';
import { accessApi, type Group, type User } from '../access-api';
import { groupEdit, groupSnapshot } from '../access-edits';

export type GroupFormTarget =
  | { group: Group & { id: number }; onSaved: (result: SubmitResult) => void }
  | { group?: undefined; onCreated: (name: string) => void };

/** The group form's fields, checks and submit: a new group is created online, an edit goes through the outbox. */
export function useGroupForm(target: GroupFormTarget) {
  const { group } = target;
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
    if (target.group) target.onSaved(await submitEdit(groupEdit(target.group, next)));
    else if ('onCreated' in target) {
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
      target.onCreated(snapshot.name);
    }
  }

  return {
    creating,
    name,
    setName,
    description,
    setDescription,
    rootRole,
    setRootRole,
    mappingsSSO,
    setMappingsSSO,
    members,
    setMembers,
    submitting,
    error,
    lookup,
    nameError,
    onSubmit: (event: FormEvent) => submit(event, blocked, send),
  };
}
