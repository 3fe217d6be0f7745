import { useState } from 'react';
import type { Segment } from '../../api/types';
import {
  constraintsAreValid,
  normaliseConstraint,
} from '../../components/ConstraintEditor/constraint-operators';
import { legalValuesLookup, useContextFields } from '../../components/ConstraintEditor/use-context-fields';
import { useLocatedConstraintErrors } from '../../components/ConstraintEditor/use-located-constraint-errors';
import { fieldErrorsOf } from '../../components/ErrorNotice/field-errors';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useConsole } from '../../stores/console-context';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation } from '../../stores/use-mutations';
import {
  createMilestoneStrategyEdit,
  milestoneStrategyBody,
  updateMilestoneStrategyEdit,
} from './milestone-strategy-edits';
import {
  type FeatureStrategy,
  isMilestoneLocation,
  type MilestoneStrategyLocation,
  type ReleasePlanMilestoneStrategy,
  type StrategyDefinition,
  type StrategyLocation,
} from './strategies-api';
import { createStrategyEdit, type StrategyBody, updateStrategyEdit } from './strategy-edits';
import {
  BUILT_IN_STICKINESS,
  cleanParameters,
  defaultParameters,
  parameterProblems,
} from './strategy-parameters';
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

/** The strategy's fields as the form holds them, and the state that edits them. */
function useStrategyFields(props: StrategyFormProps, flagName: string) {
  const { initial, definitions } = props;
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

  function chooseStrategy(next: string) {
    setName(next);
    const nextDefinition = definitions.find((candidate) => candidate.name === next);
    setParameters((previous) => defaultParameters(nextDefinition, flagName, previous));
  }

  return {
    usable,
    name,
    chooseStrategy,
    definition,
    title,
    setTitle,
    disabled,
    setDisabled,
    parameters,
    setParameters,
    constraints,
    setConstraints,
    segmentIds,
    setSegmentIds,
    variants,
    setVariants,
  };
}

/** The stickiness choices: the built-in ones and every context field marked for stickiness. */
function stickinessChoices(fields: readonly { name: string; stickiness?: boolean }[] | undefined): string[] {
  return [
    ...BUILT_IN_STICKINESS,
    ...(fields ?? [])
      .filter((field) => field.stickiness && !(BUILT_IN_STICKINESS as readonly string[]).includes(field.name))
      .map((field) => field.name),
  ];
}

/** The strategy form's state, its problems and refusals, and the send that saves it. */
export function useStrategyForm(props: StrategyFormProps) {
  const { location, definitions, segments, onDone } = props;
  const milestone = isMilestoneLocation(location);
  const flagName = milestone ? location.groupName : location.flagName;
  // Templates belong to no project: only global segments fit them.
  const project = milestone ? null : location.project;
  const consoleApi = useConsole();
  const { mutateAsync: submitEdit } = useEditMutation();
  const contextFields = useContextFields();
  const fields = useStrategyFields(props, flagName);
  const { name, definition, parameters, constraints, segmentIds, variants } = fields;
  const form = useFormSubmit();
  const constraintRefusals = useLocatedConstraintErrors(FIELDS_BESIDES_CONSTRAINTS);

  const server = fieldErrorsOf(form.error);
  const paramProblems = parameterProblems(definition, parameters);
  const paramErrors = Object.fromEntries(
    (definition?.parameters ?? []).map((parameter) => [
      parameter.name,
      server[`parameters.${parameter.name}`] ?? paramProblems[parameter.name],
    ]),
  );
  const problems = variantProblems(variants);
  const constraintErrors = constraintRefusals.errorsFrom(server);
  const constraintsValid = constraintsAreValid(constraints, legalValuesLookup(contextFields.data));
  const segmentOptions = segments
    .filter((segment) => !segment.project || segment.project === project)
    .map((segment) => ({ value: String(segment.id), label: segment.name }));
  const blocked = Object.keys(paramProblems).length > 0 || !constraintsValid || hasVariantProblems(problems);

  /** The body as it would be sent, without the title. */
  const preview = () => ({
    name,
    disabled: fields.disabled,
    parameters: cleanParameters(definition, parameters, flagName),
    constraints: constraints.map(normaliseConstraint),
    segments: segmentIds.map(Number),
    variants: toStrategyVariants(variants),
  });

  async function send() {
    const sent = preview();
    const body: StrategyBody = {
      name,
      title: fields.title.trim() ? fields.title.trim() : null,
      disabled: sent.disabled,
      parameters: sent.parameters,
      constraints: sent.constraints,
      segments: sent.segments,
      variants: sent.variants,
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

  return {
    ...fields,
    flagName,
    definitions,
    form,
    server,
    paramErrors,
    problems,
    constraintErrors,
    segmentOptions,
    stickinessOptions: stickinessChoices(contextFields.data),
    blocked,
    preview,
    send,
  };
}
