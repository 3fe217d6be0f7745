import {
  Alert,
  Group,
  MultiSelect,
  NativeSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { Segment } from '../../api/types';
import { ConstraintEditor } from '../../components/ConstraintEditor/ConstraintEditor';
import {
  constraintsAreValid,
  normaliseConstraint,
} from '../../components/ConstraintEditor/constraint-operators';
import { legalValuesLookup, useContextFields } from '../../components/ConstraintEditor/use-context-fields';
import { useLocatedConstraintErrors } from '../../components/ConstraintEditor/use-located-constraint-errors';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { FormActions } from '../../components/FormActions/FormActions';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useConsole, useConsoleState } from '../../stores/console-context';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation } from '../../stores/use-mutations';
import { BlastRadiusPanel, strategyProposal } from '../blast-radius/index';
import {
  createMilestoneStrategyEdit,
  milestoneStrategyBody,
  updateMilestoneStrategyEdit,
} from './milestone-strategy-edits';
import { ParametersEditor } from './ParametersEditor';
import classes from './StrategyForm.module.css';
import {
  type FeatureStrategy,
  isMilestoneLocation,
  type MilestoneStrategyLocation,
  type ReleasePlanMilestoneStrategy,
  type StrategyDefinition,
  type StrategyLocation,
} from './strategies-api';
import { createStrategyEdit, type StrategyBody, updateStrategyEdit } from './strategy-edits';
import { strategyDisplayName } from './strategy-names';
import {
  BUILT_IN_STICKINESS,
  cleanParameters,
  defaultParameters,
  parameterProblems,
} from './strategy-parameters';
import { VariantsEditor } from './VariantsEditor';
import {
  fromStrategyVariants,
  hasVariantProblems,
  toStrategyVariants,
  type VariantDraft,
  variantProblems,
} from './variant-weights';

export type StrategyFormProps = {
  definitions: readonly StrategyDefinition[];
  segments: readonly Segment[];
  onDone: (result: SubmitResult, body: StrategyBody) => void;
  onCancel: () => void;
} & (
  | {
      location: StrategyLocation;
      /** The strategy to edit, or null to add one. */
      initial: FeatureStrategy | null;
    }
  | {
      /** A release template milestone's strategy (issue 14). */
      location: MilestoneStrategyLocation;
      initial: ReleasePlanMilestoneStrategy | null;
    }
);

/** The draft the form sends: a flag's strategy edit, or a template milestone's. */
function strategyDraft(props: StrategyFormProps, body: StrategyBody, newId: () => string) {
  if (isMilestoneLocation(props.location)) {
    const initial = props.initial as ReleasePlanMilestoneStrategy | null;
    return initial
      ? updateMilestoneStrategyEdit(props.location, initial.id, milestoneStrategyBody(initial), body)
      : createMilestoneStrategyEdit(props.location, body, newId());
  }
  const initial = props.initial as FeatureStrategy | null;
  return initial
    ? updateStrategyEdit(props.location, initial, body)
    : createStrategyEdit(props.location, body, newId());
}

const FIELDS_BESIDES_CONSTRAINTS = ['name', 'title', 'disabled', 'parameters', 'segments', 'variants'];

/** Adds or edits one activation strategy of a flag in one environment, or of a template milestone. */
export function StrategyForm(props: StrategyFormProps) {
  const { location, initial, definitions, segments, onDone, onCancel } = props;
  const milestone = isMilestoneLocation(location);
  const flagName = milestone ? location.groupName : location.flagName;
  // Templates belong to no project: only global segments fit them.
  const project = milestone ? null : location.project;
  const consoleApi = useConsole();
  const { mutateAsync: submitEdit } = useEditMutation();
  const offline = useConsoleState((state) => state.connectivity === 'offline');
  const contextFields = useContextFields();
  const usable = definitions.filter(
    (definition) => !definition.deprecated || definition.name === initial?.name,
  );
  const firstName =
    initial?.name ??
    (usable.find((d) => d.name === 'flexibleRollout') ?? usable[0])?.name ??
    'flexibleRollout';

  const [name, setName] = useState(firstName);
  const definition = definitions.find((candidate) => candidate.name === name);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [disabled, setDisabled] = useState(initial?.disabled === true);
  const [parameters, setParameters] = useState<Record<string, string>>(
    () => initial?.parameters ?? defaultParameters(definition, flagName),
  );
  const [constraints, setConstraints] = useState(() => initial?.constraints ?? []);
  const [segmentIds, setSegmentIds] = useState<string[]>(() => (initial?.segments ?? []).map(String));
  const [variants, setVariants] = useState<VariantDraft[]>(() =>
    fromStrategyVariants(initial?.variants ?? []),
  );
  const { submitting, error, showErrors: showMissing, submit } = useFormSubmit();
  const constraintRefusals = useLocatedConstraintErrors(FIELDS_BESIDES_CONSTRAINTS);

  const stickinessOptions = [
    ...BUILT_IN_STICKINESS,
    ...(contextFields.data ?? [])
      .filter((field) => field.stickiness && !(BUILT_IN_STICKINESS as readonly string[]).includes(field.name))
      .map((field) => field.name),
  ];
  const server = fieldErrorsOf(error);
  const paramProblems = parameterProblems(definition, parameters);
  const paramErrors = (parameterName: string) =>
    server[`parameters.${parameterName}`] ?? paramProblems[parameterName];
  const problems = variantProblems(variants);
  const constraintErrors = constraintRefusals.errorsFrom(server);
  const constraintsValid = constraintsAreValid(constraints, legalValuesLookup(contextFields.data));
  const segmentOptions = segments
    .filter((segment) => !segment.project || segment.project === project)
    .map((segment) => ({ value: String(segment.id), label: segment.name }));

  function chooseStrategy(next: string) {
    setName(next);
    const nextDefinition = definitions.find((candidate) => candidate.name === next);
    setParameters((previous) => defaultParameters(nextDefinition, flagName, previous));
  }

  const blocked = Object.keys(paramProblems).length > 0 || !constraintsValid || hasVariantProblems(problems);

  async function send() {
    const body: StrategyBody = {
      name,
      title: title.trim() ? title.trim() : null,
      disabled,
      parameters: cleanParameters(definition, parameters, flagName),
      constraints: constraints.map(normaliseConstraint),
      segments: segmentIds.map(Number),
      variants: toStrategyVariants(variants),
    };
    constraintRefusals.reset();
    try {
      const draft = strategyDraft(props, body, () => consoleApi.services.newId());
      onDone(await submitEdit(draft), body);
    } catch (refusal) {
      // Shown once each constraint it may concern was checked alone.
      await constraintRefusals.locate(refusal, body.constraints);
      throw refusal;
    }
  }

  const locatedSomething = Object.keys(constraintErrors).length > 0;
  return (
    <form onSubmit={(event) => submit(event, blocked, send)} noValidate>
      <Stack gap="md">
        {needsFormAlert(error) && !locatedSomething ? (
          <ErrorNotice
            error={error}
            title={initial ? 'The strategy was not saved' : 'The strategy was not added'}
          />
        ) : null}
        {error && locatedSomething ? (
          <Alert color="red" variant="light">
            The server refused a constraint: see the message under it.
          </Alert>
        ) : null}
        <Group grow align="flex-start">
          <NativeSelect
            label="Strategy"
            data={(usable.length ? usable : [{ name, displayName: name, title: null }]).map((candidate) => {
              const shown = strategyDisplayName(candidate.name, definitions);
              // A select's options are plain text: the API name follows the display name.
              return {
                value: candidate.name,
                label: shown === candidate.name ? shown : `${shown} (${candidate.name})`,
              };
            })}
            value={name}
            onChange={(event) => chooseStrategy(event.currentTarget.value)}
            description={
              <>
                {definition?.description ? `${definition.description} ` : ''}
                <Text span size="xs" ff="monospace" data-testid="strategy-api-name">
                  {name}
                </Text>
              </>
            }
            error={server.name}
          />
          <TextInput
            label="Title"
            description="Optional, shown instead of the strategy's name"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={server.title}
          />
        </Group>
        <Switch
          label="Disabled: kept on the flag but not evaluated"
          checked={disabled}
          onChange={(event) => setDisabled(event.currentTarget.checked)}
        />

        <Stack gap="xs" className={classes.section}>
          <Title order={3} size="h5">
            Parameters
          </Title>
          <ParametersEditor
            definition={definition}
            parameters={parameters}
            onChange={setParameters}
            stickinessOptions={stickinessOptions}
            flagName={flagName}
            errors={Object.fromEntries(
              (definition?.parameters ?? []).map((parameter) => [
                parameter.name,
                paramErrors(parameter.name),
              ]),
            )}
          />
        </Stack>

        <Stack gap="xs" className={classes.section}>
          <Title order={3} size="h5">
            Segments
          </Title>
          {segmentOptions.length === 0 ? (
            <Text size="sm" c="dimmed">
              No segments can be used in this project yet.
            </Text>
          ) : (
            <MultiSelect
              label="Segments"
              description="Users must match every constraint of every segment chosen"
              data={segmentOptions}
              value={segmentIds}
              onChange={setSegmentIds}
              searchable
              clearable
              error={server.segments}
            />
          )}
        </Stack>

        <Stack gap="xs" className={classes.section}>
          <Title order={3} size="h5">
            Constraints
          </Title>
          <ConstraintEditor
            value={constraints}
            onChange={setConstraints}
            errors={constraintErrors}
            showMissing={showMissing}
          />
        </Stack>

        <Stack gap="xs" className={classes.section}>
          <Title order={3} size="h5">
            Variants
          </Title>
          <VariantsEditor
            value={variants}
            onChange={setVariants}
            stickinessOptions={stickinessOptions}
            defaultStickiness={parameters.stickiness || 'default'}
            problems={problems}
            showMissing={showMissing}
          />
        </Stack>

        {/* Templates have no sampled traffic: a milestone strategy has no preview. */}
        {isMilestoneLocation(location) ? null : (
          <BlastRadiusPanel
            project={location.project}
            flagName={location.flagName}
            environment={location.environment}
            proposal={
              blocked
                ? null
                : strategyProposal(initial?.id ?? null, {
                    name,
                    disabled,
                    parameters: cleanParameters(definition, parameters, flagName),
                    constraints: constraints.map(normaliseConstraint),
                    segments: segmentIds.map(Number),
                    variants: toStrategyVariants(variants),
                  })
            }
          />
        )}
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
