import { Button, Group, type MantineSpacing } from '@mantine/core';
import { useEditingLock } from '../../stores/editing-lock';

export interface FormActionsProps {
  /** The submit button's label: "Create project", "Save role". */
  submitLabel: string;
  /** While the form's call runs: the submit button shows a loader and cannot be pressed again. */
  submitting: boolean;
  onCancel: () => void;
  /** Blocks submitting for a reason the form shows elsewhere (a name still being checked). */
  submitDisabled?: boolean;
  mt?: MantineSpacing | 0;
}

/** The footer of a modal form: Cancel, then the submit button, at the right. */
export function FormActions({
  submitLabel,
  submitting,
  onCancel,
  submitDisabled,
  mt = 'xs',
}: FormActionsProps) {
  const lock = useEditingLock();
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button
        type="submit"
        loading={submitting}
        disabled={submitDisabled || lock !== null}
        title={lock ?? undefined}
      >
        {submitLabel}
      </Button>
    </Group>
  );
}
