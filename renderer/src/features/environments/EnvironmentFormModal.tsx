import { Modal } from '@mantine/core';
import { EnvironmentForm, type EnvironmentFormMode } from './EnvironmentForm';

/** The new, edit and clone dialog; says what was done through `onDone`. */
export function EnvironmentFormModal({
  form,
  existingNames,
  projects,
  onClose,
  onDone,
}: {
  form: EnvironmentFormMode | null;
  existingNames: string[];
  projects: string[];
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  return (
    <Modal
      opened={form !== null}
      onClose={onClose}
      title={
        form === null
          ? ''
          : form.kind === 'create'
            ? 'New environment'
            : form.kind === 'edit'
              ? `Edit ${form.environment.name}`
              : `Clone ${form.environment.name}`
      }
    >
      {form !== null ? (
        <EnvironmentForm
          mode={form}
          existingNames={existingNames}
          projects={projects}
          onCancel={onClose}
          onDone={(name) => {
            const verb = { create: 'created', edit: 'saved', clone: 'created as a clone' }[form.kind];
            onClose();
            onDone(`Environment ${name} ${verb}.`);
          }}
        />
      ) : null}
    </Modal>
  );
}
