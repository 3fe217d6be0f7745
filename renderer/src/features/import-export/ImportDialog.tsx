import { Button, Checkbox, FileInput, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ProjectsResponse } from '../../api/types';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { BundleDiffView, BundleTrust } from './BundleResults';
import { type Bundle, type BundleApplyResult, type BundlePlan, bundleApi } from './bundle-api';
import { ImportOutcome, ValidationResults } from './ImportResults';
import {
  type ExportResult,
  type ImportResult,
  type ImportValidate,
  importFlags,
  parseExportFile,
  validateImport,
} from './import-export-api';

interface ProjectEnvironments {
  environments: Array<{ environment: string }>;
}

/**
 * Imports an export file (Unleash's or ours) into a project and environment (issue 18): pick the
 * file and the target, Validate shows the errors, warnings, missing permissions and what would be
 * created or changed; Import applies it all or nothing and shows what it did. A signed bundle
 * shows its signer and whether this instance trusts it, and the diff, before applying; one that is
 * not trusted applies only with the override (recorded in the event log).
 */
export function ImportDialog({
  defaultProject,
  opened,
  onClose,
}: {
  defaultProject: string;
  opened: boolean;
  onClose: () => void;
}) {
  const write = useServerWrite({ kind: 'flag-import' });
  const [project, setProject] = useState<string | null>(defaultProject);
  const [environment, setEnvironment] = useState<string | null>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [file, setFile] = useState<{ name: string; data: ExportResult; bundle?: Bundle } | null>(null);
  const [plan, setPlan] = useState<BundlePlan | null>(null);
  const [override, setOverride] = useState(false);
  const [applied, setApplied] = useState<BundleApplyResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [validation, setValidation] = useState<ImportValidate | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const projects = useServerData('projects', (api) =>
    api.client.get<ProjectsResponse>('/api/admin/projects'),
  );
  const overview = useServerData(project ? `project-environments:${project}` : null, (api) =>
    api.client.get<ProjectEnvironments>(`/api/admin/projects/${encodeURIComponent(project ?? '')}/overview`),
  );
  const environments = overview.data?.environments.map((entry) => entry.environment) ?? [];
  // Issue 33 §2: the target environment comes preselected: a bundle's own environment when the
  // project has it, else the project's first; choosing another one overrides it.
  const bundleEnvironment = file?.bundle?.metadata.environment;
  const preselected =
    bundleEnvironment && environments.includes(bundleEnvironment)
      ? bundleEnvironment
      : (environments[0] ?? null);
  const target = environment !== null && environments.includes(environment) ? environment : preselected;
  const reset = () => {
    setValidation(null);
    setResult(null);
    setPlan(null);
    setApplied(null);
    setOverride(false);
    setError(null);
  };

  async function readFile(picked: File | null) {
    reset();
    setPicked(picked);
    setFile(null);
    setProblem(null);
    if (!picked) return;
    const parsed = parseExportFile(await picked.text());
    if ('problem' in parsed) setProblem(parsed.problem);
    else
      setFile({ name: picked.name, data: parsed.file, ...(parsed.bundle ? { bundle: parsed.bundle } : {}) });
  }

  async function run(step: 'validate' | 'import') {
    if (!file || !project || !target) return;
    setBusy(true);
    setError(null);
    const body = { project, environment: target, data: file.data };
    const bundle = file.bundle;
    try {
      if (bundle) {
        const into = { bundle, project, environment: target };
        if (step === 'validate') setPlan(await write((api) => bundleApi(api.client).plan(into)));
        else {
          const answer = await write((api) =>
            bundleApi(api.client).apply({ ...into, ...(override ? { override: true } : {}) }),
          );
          setApplied(answer);
          setResult(answer.result);
        }
      } else if (step === 'validate') setValidation(await write((api) => validateImport(api.client, body)));
      else setResult(await write((api) => importFlags(api.client, body)));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  const checked = file?.bundle ? plan : validation;
  const importable = file?.bundle
    ? plan !== null &&
      plan.errors.length === 0 &&
      plan.permissions.length === 0 &&
      (plan.verification.trusted || override)
    : validation !== null && validation.errors.length === 0 && !validation.permissions?.length;
  return (
    <Modal opened={opened} onClose={onClose} title="Import flags" size="lg">
      <Stack>
        <FileInput
          label="File to import"
          description="A JSON file exported by Switchyard or Unleash, or a signed Switchyard bundle."
          accept="application/json,.json"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
          value={picked}
          onChange={(chosen) => void readFile(chosen)}
          fileInputProps={{ 'aria-label': 'Export file' }}
        />
        {file ? (
          <Text size="sm" role="status">
            {file.name}: {file.bundle ? 'signed bundle, ' : ''}
            {file.data.features.length} flag(s)
          </Text>
        ) : null}
        {problem ? (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        ) : null}
        <Group grow>
          <Select
            label="Target project"
            data={(projects.data?.projects ?? []).map((entry) => ({ value: entry.id, label: entry.name }))}
            value={project}
            onChange={(value) => {
              setProject(value);
              setEnvironment(null);
              reset();
            }}
            allowDeselect={false}
          />
          <Select
            label="Target environment"
            data={environments}
            value={target}
            onChange={(value) => {
              setEnvironment(value);
              reset();
            }}
            allowDeselect={false}
          />
        </Group>
        {validation && !result ? <ValidationResults validation={validation} /> : null}
        {plan && !result ? (
          <Stack gap="sm">
            <BundleTrust verification={plan.verification} />
            <ValidationResults
              validation={{ errors: plan.errors, warnings: plan.warnings, permissions: plan.permissions }}
            />
            <BundleDiffView diff={plan.diff} />
            {plan.verification.trusted ? null : (
              <Checkbox
                label="Apply anyway: I checked where this bundle comes from (the override is recorded in the event log)"
                checked={override}
                onChange={(event) => setOverride(event.currentTarget.checked)}
              />
            )}
          </Stack>
        ) : null}
        {result ? <ImportOutcome result={result} /> : null}
        {applied ? (
          <Text size="sm" role="status">
            Recorded in the event log (event #{applied.eventId}) with the bundle hash
            {applied.overridden ? ', as an override' : ''}.
          </Text>
        ) : null}
        {error ? <ErrorNotice error={error} title="The server refused" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            variant="default"
            onClick={() => void run('validate')}
            loading={busy && !checked}
            disabled={!file || !project || !target || result !== null}
          >
            Validate
          </Button>
          <Button
            onClick={() => void run('import')}
            loading={busy && checked !== null}
            disabled={!importable || result !== null}
          >
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
