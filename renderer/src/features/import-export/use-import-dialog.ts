import { useState } from 'react';
import type { ProjectsResponse } from '../../api/types';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { type Bundle, type BundleApplyResult, type BundlePlan, bundleApi } from './bundle-api';
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

export interface ImportFile {
  name: string;
  data: ExportResult;
  bundle?: Bundle;
}

/** The projects and the chosen project's environments, with the target environment resolved. */
function useImportTarget(defaultProject: string, file: ImportFile | null) {
  const [project, setProject] = useState<string | null>(defaultProject);
  const [environment, setEnvironment] = useState<string | null>(null);
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
  const projectOptions = (projects.data?.projects ?? []).map((entry) => ({
    value: entry.id,
    label: entry.name,
  }));
  return { project, setProject, setEnvironment, environments, target, projectOptions };
}

/** A bundle imports once its plan has no errors, needs no permission and is trusted (or overridden). */
function isImportable(
  file: ImportFile | null,
  plan: BundlePlan | null,
  validation: ImportValidate | null,
  override: boolean,
) {
  return file?.bundle
    ? plan !== null &&
        plan.errors.length === 0 &&
        plan.permissions.length === 0 &&
        (plan.verification.trusted || override)
    : validation !== null && validation.errors.length === 0 && !validation.permissions?.length;
}

/**
 * The import dialog's state: the picked file, the target, the validation (or a bundle's plan),
 * the override of an untrusted bundle, and what the import did.
 */
export function useImportDialog(defaultProject: string) {
  const write = useServerWrite({ kind: 'flag-import' });
  const [picked, setPicked] = useState<File | null>(null);
  const [file, setFile] = useState<ImportFile | null>(null);
  const [plan, setPlan] = useState<BundlePlan | null>(null);
  const [override, setOverride] = useState(false);
  const [applied, setApplied] = useState<BundleApplyResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [validation, setValidation] = useState<ImportValidate | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const { project, setProject, setEnvironment, environments, target, projectOptions } = useImportTarget(
    defaultProject,
    file,
  );
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

  const chooseProject = (value: string | null) => {
    setProject(value);
    setEnvironment(null);
    reset();
  };
  const chooseEnvironment = (value: string | null) => {
    setEnvironment(value);
    reset();
  };
  const checked = file?.bundle ? plan : validation;
  const importable = isImportable(file, plan, validation, override);
  return {
    ...{ picked, file, problem, readFile, project, projectOptions, chooseProject },
    ...{ environments, target, chooseEnvironment, validation, plan, override, setOverride },
    ...{ result, applied, error, busy, checked, importable, run },
  };
}
