import { Modal } from '@mantine/core';
import type { Segment } from '../../api/types';
import type { SubmitResult } from '../../stores/console-store';
import { StrategyForm } from './StrategyForm';
import type { FeatureStrategy, StrategyDefinition, StrategyLocation } from './strategies-api';

export type Editing = { mode: 'new' } | { mode: 'edit'; strategy: FeatureStrategy } | null;

/** The strategy form in a dialog, adding a strategy or editing one. */
export function StrategyFormModal({
  editing,
  location,
  label,
  definitions,
  segments,
  onClose,
  onSaved,
}: {
  editing: Editing;
  location: StrategyLocation;
  label: (strategy: FeatureStrategy) => string;
  definitions: readonly StrategyDefinition[];
  segments: readonly Segment[];
  onClose: () => void;
  onSaved: (result: SubmitResult, done: string) => void;
}) {
  const { environment } = location;
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={
        editing?.mode === 'edit'
          ? `Edit ${label(editing.strategy)} in ${environment}`
          : `Add a strategy in ${environment}`
      }
      size="xl"
    >
      {editing ? (
        <StrategyForm
          location={location}
          initial={editing.mode === 'edit' ? editing.strategy : null}
          definitions={definitions}
          segments={segments}
          onCancel={onClose}
          onDone={(result, body) => {
            const wasNew = editing.mode === 'new';
            onClose();
            onSaved(result, `${body.title ? body.title : body.name} ${wasNew ? 'added' : 'saved'}.`);
          }}
        />
      ) : null}
    </Modal>
  );
}
