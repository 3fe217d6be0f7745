import { operatorInfo } from '../../components/ConstraintEditor/constraint-operators';
import type { ActionKind } from './action-set-labels';
import type { ActionSet, CreateActionSet } from './signals-api';

type Filter = CreateActionSet['match']['payload'][string];

export interface FilterRow {
  path: string;
  operator: Filter['operator'];
  /** Comma-separated, as typed. */
  values: string;
  // Not edited by the form, but kept so saving an edit does not drop what the API had set.
  inverted?: boolean;
  caseInsensitive?: boolean;
}
export interface ActionRow {
  action: ActionKind;
  featureName: string | null;
  environment: string | null;
}
export interface ActionSetDraft {
  name: string;
  description: string;
  sourceId: string | null;
  actorId: string | null;
  filters: FilterRow[];
  actions: ActionRow[];
}

export const EMPTY_ACTION: ActionRow = { action: 'ENABLE_FEATURE', featureName: null, environment: null };

/** The form's starting values: blank for a new set, the saved set (actions by sortOrder) for an edit. */
export function draftOf(set?: ActionSet): ActionSetDraft {
  if (!set) {
    return { name: '', description: '', sourceId: null, actorId: null, filters: [], actions: [EMPTY_ACTION] };
  }
  return {
    name: set.name,
    description: set.description ?? '',
    sourceId: String(set.match.sourceId),
    actorId: String(set.actorId),
    filters: Object.entries(set.match.payload).map(([path, filter]) => ({
      path,
      operator: filter.operator,
      values: (filter.values ?? (filter.value === undefined ? [] : [filter.value])).join(', '),
      ...(filter.inverted === undefined ? {} : { inverted: filter.inverted }),
      ...(filter.caseInsensitive === undefined ? {} : { caseInsensitive: filter.caseInsensitive }),
    })),
    actions: [...set.actions]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((action) => ({
        action: action.action,
        featureName: action.executionParams.featureName,
        environment: action.executionParams.environment,
      })),
  };
}

export function isComplete(draft: ActionSetDraft): boolean {
  return Boolean(
    draft.name &&
      draft.sourceId &&
      draft.actorId &&
      draft.actions.length > 0 &&
      draft.actions.every((row) => row.featureName && row.environment),
  );
}

function filterOf(row: FilterRow): Filter {
  const values = row.values
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  const flags = {
    ...(row.inverted === undefined ? {} : { inverted: row.inverted }),
    ...(row.caseInsensitive === undefined ? {} : { caseInsensitive: row.caseInsensitive }),
  };
  // Number, date and version operators compare against one `value`; the evaluator ignores `values`.
  return operatorInfo(row.operator).kind === 'list'
    ? { operator: row.operator, values, ...flags }
    : { operator: row.operator, value: values[0] ?? '', ...flags };
}

/**
 * The request body for POST and PUT alike. `enabled` is sent on edit because the server's PUT
 * takes a whole set and would otherwise switch a disabled set back on.
 */
export function bodyOf(draft: ActionSetDraft, projectId: string, enabled?: boolean): CreateActionSet {
  return {
    name: draft.name,
    ...(draft.description ? { description: draft.description } : {}),
    ...(enabled === undefined ? {} : { enabled }),
    actorId: Number(draft.actorId),
    match: {
      source: 'signal-endpoint',
      sourceId: Number(draft.sourceId),
      payload: Object.fromEntries(
        draft.filters.filter((row) => row.path).map((row) => [row.path, filterOf(row)]),
      ),
    },
    actions: draft.actions.map((row, index) => ({
      action: row.action,
      sortOrder: index,
      executionParams: {
        project: projectId,
        environment: row.environment ?? '',
        featureName: row.featureName ?? '',
      },
    })),
  };
}

/** The rows with the one at `from` moved to `to`; unchanged when `to` is out of range. */
export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(from, 1) as [T];
  next.splice(to, 0, row);
  return next;
}
