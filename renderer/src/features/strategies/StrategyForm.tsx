import { Alert, Stack } from '@mantine/core';
import { ConstraintEditor } from '../../components/ConstraintEditor/ConstraintEditor';
import { FormActions } from '../../components/FormActions/FormActions';
import { useConsoleState } from '../../stores/console-context';
import { strategyProposal } from '../blast-radius/index';
import { ParametersEditor } from './ParametersEditor';
import { StrategyBlastRadius } from './StrategyBlastRadius';
import { StrategyFormErrors } from './StrategyFormErrors';
import { StrategyFormSection as Section } from './StrategyFormSection';
import { StrategyNameFields } from './StrategyNameFields';
import { StrategySegmentsField } from './StrategySegmentsField';
import { type StrategyFormProps, useStrategyForm } from './use-strategy-form';
import { VariantsEditor } from './VariantsEditor';

export type { StrategyFormProps } from './use-strategy-form';

/** Adds or edits one activation strategy of a flag in one environment, or of a template milestone. */
export function StrategyForm(props: StrategyFormProps) {
  const { location, initial, onCancel } = props;
  const offline = useConsoleState((state) => state.connectivity === 'offline');
  const state = useStrategyForm(props);
  const { form, server, constraintErrors, blocked } = state;
  const { submitting, error, showErrors: showMissing, submit } = form;
  return (
    <form onSubmit={(event) => submit(event, blocked, state.send)} noValidate>
      <Stack gap="md">
        <StrategyFormErrors
          error={error}
          editing={Boolean(initial)}
          locatedSomething={Object.keys(constraintErrors).length > 0}
        />
        <StrategyNameFields
          usable={state.usable}
          definitions={state.definitions}
          name={state.name}
          onName={state.chooseStrategy}
          title={state.title}
          onTitle={state.setTitle}
          disabled={state.disabled}
          onDisabled={state.setDisabled}
          errors={server}
        />
        <Section title="Parameters">
          <ParametersEditor
            definition={state.definition}
            parameters={state.parameters}
            onChange={state.setParameters}
            stickinessOptions={state.stickinessOptions}
            flagName={state.flagName}
            errors={state.paramErrors}
          />
        </Section>
        <Section title="Segments">
          <StrategySegmentsField
            options={state.segmentOptions}
            value={state.segmentIds}
            onChange={state.setSegmentIds}
            error={server.segments}
          />
        </Section>
        <Section title="Constraints">
          <ConstraintEditor
            value={state.constraints}
            onChange={state.setConstraints}
            errors={constraintErrors}
            showMissing={showMissing}
          />
        </Section>
        <Section title="Variants">
          <VariantsEditor
            value={state.variants}
            onChange={state.setVariants}
            stickinessOptions={state.stickinessOptions}
            defaultStickiness={state.parameters.stickiness || 'default'}
            problems={state.problems}
            showMissing={showMissing}
          />
        </Section>
        <StrategyBlastRadius
          location={location}
          proposal={blocked ? null : strategyProposal(initial?.id ?? null, state.preview())}
        />
        {offline ? (
          <Alert color="yellow" variant="light">
            The server is unreachable: the strategy goes into the pending edits and is saved when it is back.
          </Alert>
        ) : null}
        <FormActions
          submitLabel={initial ? 'Save strategy' : 'Add strategy'}
          submitting={submitting}
          onCancel={onCancel}
          mt={0}
        />
      </Stack>
    </form>
  );
}
