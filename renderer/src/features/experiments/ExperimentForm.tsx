import { NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { createFlagPageApi } from '../../api/flag-api';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { FormActions } from '../../components/FormActions/FormActions';
import { useServerData } from '../../stores/use-server-data';
import { draftProblems, type ExperimentDraft, emptyDraft, toCreateBody } from './experiment-form';
import type { CreateExperiment, ExperimentFlag } from './experiments-api';
import { MetricsEditor } from './MetricsEditor';

const METHODS = [
  { value: 'sequential', label: 'Sequential (look any time)' },
  { value: 'frequentist', label: 'Frequentist (fixed horizon)' },
  { value: 'bayesian', label: 'Bayesian (chance to win)' },
];

const flagValue = (flag: ExperimentFlag) => `${flag.project}/${flag.name}`;
function flagOfValue(value: string | null): ExperimentFlag | null {
  if (!value) return null;
  const slash = value.indexOf('/');
  return slash < 0 ? null : { project: value.slice(0, slash), name: value.slice(slash + 1) };
}

/** The flag to experiment on, searched by name. */
function FlagPicker({
  flag,
  error,
  onChange,
}: {
  flag: ExperimentFlag | null;
  error: string | undefined;
  onChange: (flag: ExperimentFlag | null) => void;
}) {
  const [search, setSearch] = useState('');
  const found = useServerData(`experiment-flag-search?${search}`, (api, signal) =>
    api.searchFeatures({ query: search, limit: 50 }, signal),
  );
  const options = (found.data?.features ?? []).map((feature) => ({
    value: flagValue(feature),
    label: `${feature.name} (${feature.project})`,
  }));
  const current = flag ? flagValue(flag) : null;
  if (flag && current && !options.some((option) => option.value === current)) {
    options.unshift({ value: current, label: `${flag.name} (${flag.project})` });
  }
  return (
    <Select
      label="Flag"
      required
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      value={current}
      onChange={(value) => onChange(flagOfValue(value))}
      nothingFoundMessage={found.loading ? 'Searching…' : 'No flag found'}
      error={error}
    />
  );
}

/** The environment (of the flag's) and the control variant (among those it serves there). */
function EnvironmentAndControl({
  flag,
  draft,
  problems,
  onChange,
}: {
  flag: ExperimentFlag;
  draft: ExperimentDraft;
  problems: Record<string, string>;
  onChange: (fields: Partial<ExperimentDraft>) => void;
}) {
  const feature = useServerData(`flag:${flag.project}/${flag.name}`, (api, signal) =>
    createFlagPageApi(api.client).getFlag(flag, signal),
  );
  const environments = feature.data?.environments ?? [];
  const variants =
    environments
      .find((environment) => environment.name === draft.environment)
      ?.variants?.map((v) => v.name) ?? [];
  return (
    <>
      <Select
        label="Environment"
        required
        data={environments.map((environment) => environment.name)}
        value={draft.environment}
        onChange={(environment) => onChange({ environment, controlVariant: null })}
        error={problems.environment}
      />
      {variants.length > 0 || !draft.environment ? (
        <Select
          label="Control variant"
          required
          data={variants}
          value={draft.controlVariant}
          onChange={(controlVariant) => onChange({ controlVariant })}
          error={problems.controlVariant}
          disabled={!draft.environment}
        />
      ) : (
        <TextInput
          label="Control variant"
          required
          value={draft.controlVariant ?? ''}
          onChange={(event) => onChange({ controlVariant: event.currentTarget.value })}
          description={`${flag.name} serves no variants in ${draft.environment} yet: add two or more before starting.`}
          error={problems.controlVariant}
        />
      )}
    </>
  );
}

/** How the experiment is analysed: the method and the significance level. */
function AnalysisSettings({
  draft,
  error,
  onChange,
}: {
  draft: ExperimentDraft;
  error: string | undefined;
  onChange: (fields: Partial<ExperimentDraft>) => void;
}) {
  return (
    <>
      <Select
        label="Analysis"
        data={METHODS}
        value={draft.method ?? 'sequential'}
        allowDeselect={false}
        onChange={(method) => onChange({ method: (method ?? 'sequential') as ExperimentDraft['method'] })}
      />
      <NumberInput
        label="Significance level (alpha)"
        min={0.001}
        max={0.49}
        step={0.01}
        decimalScale={3}
        value={draft.alpha}
        onChange={(alpha) => onChange({ alpha: typeof alpha === 'number' ? alpha : Number.NaN })}
        error={error}
      />
    </>
  );
}

/** Sends a draft without problems; a refusal stays in the form. */
function useSubmit(send: () => Promise<void>, blocked: boolean) {
  const [showProblems, setShowProblems] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setShowProblems(true);
    if (blocked) return;
    setSubmitting(true);
    setError(null);
    try {
      await send();
    } catch (refusal) {
      setError(refusal);
    } finally {
      setSubmitting(false);
    }
  }
  return { showProblems, submitting, error, submit };
}

export interface ExperimentFormProps {
  /** The flag, fixed (the flag page); without it the form asks for one. */
  flag?: ExperimentFlag;
  onSubmit: (flag: ExperimentFlag, body: CreateExperiment) => Promise<void>;
  onCancel: () => void;
}

/** A new experiment: flag, environment, control, metrics, hypothesis, method and alpha. */
export function ExperimentForm({ flag: fixedFlag, onSubmit, onCancel }: ExperimentFormProps) {
  const [flag, setFlag] = useState<ExperimentFlag | null>(fixedFlag ?? null);
  const [draft, setDraft] = useState<ExperimentDraft>(emptyDraft);
  const change = (fields: Partial<ExperimentDraft>) => setDraft((current) => ({ ...current, ...fields }));
  const problems = {
    ...draftProblems(draft),
    ...(flag ? {} : { flag: 'Pick the flag to experiment on.' }),
  };
  const { showProblems, submitting, error, submit } = useSubmit(async () => {
    if (flag) await onSubmit(flag, toCreateBody(draft));
  }, Object.keys(problems).length > 0);
  const shown: Record<string, string> = showProblems ? problems : {};

  return (
    <form onSubmit={submit} noValidate aria-label="New experiment">
      <Stack gap="sm">
        {error ? <ErrorNotice error={error} title="The experiment was not created" /> : null}
        <TextInput
          label="Name"
          required
          value={draft.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
          error={shown.name}
          maxLength={255}
          data-autofocus
        />
        {fixedFlag ? (
          <Text size="sm">
            Flag: <strong>{fixedFlag.name}</strong>
          </Text>
        ) : (
          <FlagPicker
            flag={flag}
            error={shown.flag}
            onChange={(picked) => {
              setFlag(picked);
              change({ environment: null, controlVariant: null });
            }}
          />
        )}
        {flag ? <EnvironmentAndControl flag={flag} draft={draft} problems={shown} onChange={change} /> : null}
        <Textarea
          label="Hypothesis"
          description="What you expect, and why"
          rows={3}
          maxLength={2000}
          value={draft.hypothesis}
          onChange={(event) => change({ hypothesis: event.currentTarget.value })}
        />
        <MetricsEditor
          metrics={draft.metrics}
          error={shown.metrics}
          onChange={(metrics) => change({ metrics })}
        />
        <AnalysisSettings draft={draft} error={shown.alpha} onChange={change} />
        <FormActions submitLabel="Create experiment" submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
