import type {
  AdvancedPlaygroundEnvironmentFeature,
  AdvancedPlaygroundRequest,
  AdvancedPlaygroundResponse,
} from '../../../../server/contract';
import { isRootContextField } from '../../../../server/contract/root-context-fields';
import type { QueryValues } from '../../router/paths';

/** The playground's inputs, kept in the URL so a link shares them (as Unleash's UI does). */
export interface PlaygroundState {
  environments: string[];
  /** Empty means every project. */
  projects: string[];
  /** One row per context field, each with one or more values. */
  context: ContextRow[];
  /** Set when previewing a change request as if it were applied. */
  changeRequest: number | null;
}

export interface ContextRow {
  field: string;
  values: string[];
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function parseContext(raw: string | undefined): ContextRow[] {
  if (!raw) return [{ field: 'appName', values: ['playground'] }];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
    return Object.entries(parsed as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([field, value]) => ({ field, values: value.split(',') }));
  } catch {
    return [];
  }
}

/** Reads `?environments=a,b&projects=p&context={"userId":"1,2"}&changeRequest=7`. */
export function readPlaygroundQuery(query: Record<string, string>): PlaygroundState {
  const changeRequest = Number(query.changeRequest);
  return {
    environments: list(query.environments),
    projects: list(query.projects).filter((project) => project !== '*'),
    context: parseContext(query.context),
    changeRequest: Number.isInteger(changeRequest) && changeRequest > 0 ? changeRequest : null,
  };
}

/** A flat map of field → comma-separated values, the advanced playground's own syntax. */
function flatContext(rows: readonly ContextRow[]): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const row of rows) {
    const values = row.values.map((value) => value.trim()).filter(Boolean);
    if (row.field && values.length) flat[row.field] = values.join(',');
  }
  return flat;
}

export function writePlaygroundQuery(state: PlaygroundState): QueryValues {
  return {
    environments: state.environments.join(','),
    projects: state.projects.length ? state.projects.join(',') : null,
    context: JSON.stringify(flatContext(state.context)),
    changeRequest: state.changeRequest,
  };
}

/** The request body: root fields at the root, the others as properties; appName is required. */
export function toAdvancedRequest(state: PlaygroundState): AdvancedPlaygroundRequest {
  const flat = flatContext(state.context);
  const context: AdvancedPlaygroundRequest['context'] = { appName: flat.appName || 'playground' };
  const properties: Record<string, string> = {};
  for (const [field, value] of Object.entries(flat)) {
    if (field === 'appName') continue;
    if (isRootContextField(field)) (context as Record<string, unknown>)[field] = value;
    else properties[field] = value;
  }
  if (Object.keys(properties).length) context.properties = properties;
  return {
    environments: state.environments,
    projects: state.projects.length ? state.projects : '*',
    context,
  };
}

/** The cache key of one evaluation: the whole state, so a shared link asks the same question. */
export function playgroundKey(state: PlaygroundState): string | null {
  if (state.environments.length === 0) return null;
  return `playground:${JSON.stringify(writePlaygroundQuery(state))}`;
}

export interface ResultRow {
  key: string;
  flag: string;
  project: string;
  environment: string;
  /** The context values that vary between the combinations, e.g. "userId=1, region=eu". */
  contextLabel: string;
  result: AdvancedPlaygroundEnvironmentFeature;
}

/** One row per flag, environment and context combination, in the server's order. */
export function resultRows(response: AdvancedPlaygroundResponse, state: PlaygroundState): ResultRow[] {
  const varying = state.context
    .filter((row) => row.values.filter(Boolean).length > 1)
    .map((row) => row.field);
  const rows: ResultRow[] = [];
  for (const feature of response.features) {
    for (const [environment, answers] of Object.entries(feature.environments)) {
      answers.forEach((answer, index) => {
        rows.push({
          key: `${feature.name}:${environment}:${index}`,
          flag: feature.name,
          project: feature.projectId,
          environment,
          contextLabel: varying.map((field) => `${field}=${answer.context[field] ?? ''}`).join(', '),
          result: answer,
        });
      });
    }
  }
  return rows;
}
