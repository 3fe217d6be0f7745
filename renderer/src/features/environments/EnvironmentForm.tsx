import { Checkbox, Loader, MultiSelect, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { nameTakenMessage, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { FormActions } from '../../components/FormActions/FormActions';
import { ENVIRONMENT_TYPES, type EnvironmentFormMode, useEnvironmentForm } from './use-environment-form';

export { ENVIRONMENT_TYPES, type EnvironmentFormMode, environmentNameProblem } from './use-environment-form';

export function EnvironmentForm({
  mode,
  existingNames,
  projects,
  onDone,
  onCancel,
}: {
  mode: EnvironmentFormMode;
  existingNames: readonly string[];
  /** Project ids the clone may be limited to. */
  projects: readonly string[];
  onDone: (name: string) => void;
  onCancel: () => void;
}) {
  const form = useEnvironmentForm(mode, existingNames, onDone);
  const { error, type, nameField } = form;
  const verb = { create: 'created', edit: 'saved', clone: 'cloned' }[mode.kind];
  const typeOptions = ENVIRONMENT_TYPES.includes(type as never)
    ? ENVIRONMENT_TYPES
    : [type, ...ENVIRONMENT_TYPES];
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) && !nameTakenMessage(error) ? (
          <ErrorNotice error={error} title={`The environment was not ${verb}`} />
        ) : null}
        {mode.kind === 'clone' ? (
          <Text size="sm">
            The new environment gets every flag's strategies, variants and enabled state from{' '}
            <strong>{mode.environment.name}</strong>, in the projects chosen below (all that use it when none
            is chosen).
          </Text>
        ) : null}
        <TextInput
          label="Name"
          required
          disabled={!form.naming}
          value={form.name}
          onChange={(event) => form.setName(event.currentTarget.value)}
          error={nameField.error}
          rightSection={
            nameField.checking ? <Loader size="xs" role="status" aria-label="Checking the name" /> : null
          }
          data-autofocus
        />
        <NativeSelect
          label="Type"
          description="Production environments are marked red and guarded in the console"
          data={[...typeOptions]}
          value={type}
          onChange={(event) => form.setType(event.currentTarget.value)}
          error={form.server.type}
        />
        {mode.kind === 'clone' ? <CloneFields form={form} projects={projects} /> : null}
        <FormActions
          submitLabel={
            { create: 'Create environment', edit: 'Save environment', clone: 'Clone environment' }[mode.kind]
          }
          submitting={form.submitting}
          submitDisabled={nameField.checking}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

/** What only a clone asks: the projects that get it and whether their permissions are copied. */
function CloneFields({
  form,
  projects,
}: {
  form: ReturnType<typeof useEnvironmentForm>;
  projects: readonly string[];
}) {
  return (
    <>
      <MultiSelect
        label="Projects"
        description="Only these projects get the new environment; leave empty for all"
        data={[...projects]}
        value={form.cloneProjects}
        onChange={form.setCloneProjects}
        searchable
        clearable
        error={form.server.projects}
      />
      <Checkbox
        label="Copy project permissions for this environment"
        checked={form.clonePermissions}
        onChange={(event) => form.setClonePermissions(event.currentTarget.checked)}
      />
    </>
  );
}
