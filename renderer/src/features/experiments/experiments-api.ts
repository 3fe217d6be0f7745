import type {
  CreateExperiment,
  Experiment,
  ExperimentDecisionBody,
  ExperimentMetric,
  ExperimentResults,
  ExperimentStatus,
  Experiments,
  MetricReadout,
  UpdateExperiment,
} from '../../../../server/contract';
import type { ApiClient } from '../../api/client';
import { draftPath } from '../change-requests/index';

export type {
  CreateExperiment,
  Experiment,
  ExperimentDecisionBody,
  ExperimentMetric,
  ExperimentResults,
  ExperimentStatus,
  MetricReadout,
  UpdateExperiment,
};

const enc = encodeURIComponent;

/** The flag an experiment hangs off. */
export interface ExperimentFlag {
  project: string;
  name: string;
}

/** getFlagExperiments; also the console's query key of the flag page's section. */
export const flagExperimentsPath = ({ project, name }: ExperimentFlag) =>
  `/api/admin/projects/${enc(project)}/features/${enc(name)}/experiments`;

export const experimentPath = (experiment: Pick<Experiment, 'project' | 'featureName' | 'id'>) =>
  `${flagExperimentsPath({ project: experiment.project, name: experiment.featureName })}/${experiment.id}`;

/** getAllExperiments, the Experiments screen's list. */
export const ALL_EXPERIMENTS_PATH = '/api/admin/experiments';

/** Starting and stopping: sent directly, or drafted where the environment requires change requests. */
export type RunAction = 'start' | 'stop';

export interface ExperimentRequest {
  method: 'POST';
  path: string;
  body?: unknown;
}

export function runRequest(experiment: Experiment, action: RunAction, drafting: boolean): ExperimentRequest {
  if (!drafting) return { method: 'POST', path: `${experimentPath(experiment)}/${action}` };
  return {
    method: 'POST',
    path: draftPath(experiment.project, experiment.environment),
    body: {
      feature: experiment.featureName,
      action: action === 'start' ? 'startExperiment' : 'stopExperiment',
      payload: { experimentId: experiment.id },
    },
  };
}

export function createExperimentsApi(client: ApiClient) {
  return {
    listAll: (filter: { status?: string; project?: string }, signal?: AbortSignal) =>
      client.get<Experiments>(
        ALL_EXPERIMENTS_PATH,
        { status: filter.status || undefined, project: filter.project || undefined },
        signal,
      ),
    listOfFlag: (flag: ExperimentFlag, signal?: AbortSignal) =>
      client.get<Experiments>(flagExperimentsPath(flag), undefined, signal),
    create: (flag: ExperimentFlag, body: CreateExperiment) =>
      client.post<Experiment>(flagExperimentsPath(flag), body),
    update: (experiment: Experiment, body: UpdateExperiment) =>
      client.put<Experiment>(experimentPath(experiment), body),
    remove: (experiment: Experiment) => client.delete<void>(experimentPath(experiment)),
    decide: (experiment: Experiment, body: ExperimentDecisionBody) =>
      client.post<Experiment>(`${experimentPath(experiment)}/decision`, body),
    results: (experiment: Experiment, signal?: AbortSignal) =>
      client.get<ExperimentResults>(`${experimentPath(experiment)}/results`, undefined, signal),
    send: ({ method, path, body }: ExperimentRequest) => client.request<unknown>(method, path, { body }),
  };
}

/** The primary metric's event, for lists. */
export const primaryMetric = (experiment: Pick<Experiment, 'metrics'>) =>
  experiment.metrics.find((metric) => metric.role === 'primary')?.eventName ?? '—';

export const STATUS_COLOURS: Record<ExperimentStatus, string> = {
  draft: 'gray',
  running: 'blue',
  stopped: 'teal',
};
