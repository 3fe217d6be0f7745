import type { ContextField, CreateContextField, LegalValue, UpdateContextField } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { nameExists, notFound } from '../../lib/errors';
import { isUrlFriendly } from '../../lib/url-friendly';
import { invalidField, notUrlFriendly } from '../../lib/validation-errors';
import { type Actor, appendEvent } from '../events';
import {
  CONTEXT_FIELD_EXISTS,
  type ContextFieldRow,
  deleteContextField,
  getContextField,
  insertContextField,
  lockContextFieldRow,
  projectExists,
  toContextField,
  updateContextField,
} from './context-field-store';

/**
 * Every change to context fields as a serialisable operation (STYLE.md convention 4):
 * `applyContextFieldOperation` validates, writes and appends the event in the caller's transaction.
 */
export type ContextFieldOperation =
  | { kind: 'create-context-field'; field: CreateContextField }
  | { kind: 'update-context-field'; name: string; field: UpdateContextField }
  | { kind: 'delete-context-field'; name: string }
  | { kind: 'upsert-legal-value'; name: string; legalValue: LegalValue }
  | { kind: 'delete-legal-value'; name: string; value: string };

export interface ContextFieldOperationResults {
  'create-context-field': ContextField;
  'update-context-field': ContextField;
  'delete-context-field': undefined;
  'upsert-legal-value': ContextField;
  'delete-legal-value': ContextField;
}

export const CONTEXT_FIELD_OPERATION_KINDS: ReadonlySet<string> = new Set<ContextFieldOperation['kind']>([
  'create-context-field',
  'update-context-field',
  'delete-context-field',
  'upsert-legal-value',
  'delete-legal-value',
]);

const NOT_FOUND = 'Could not find context field';

function checkLegalValues(legalValues: readonly LegalValue[]): void {
  const seen = new Set<string>();
  legalValues.forEach((legal, index) => {
    if (legal.value.trim() === '')
      throw invalidField(`"legalValues[${index}].value" is not allowed to be empty.`);
    if (seen.has(legal.value)) {
      throw invalidField(
        `"legalValues[${index}]" contains a duplicate value. You provided "${legal.value}".`,
      );
    }
    seen.add(legal.value);
  });
}

async function checkProject(db: Queryable, project: string | undefined): Promise<void> {
  if (project === undefined) return;
  if (!(await projectExists(db, project))) throw notFound(`Could not find project with id ${project}`);
}

async function lockField(db: Queryable, name: string): Promise<ContextFieldRow> {
  await lockContextFieldRow(db, name);
  const field = await getContextField(db, name);
  if (!field) throw notFound(NOT_FOUND);
  return field;
}

/**
 * The `data` of Unleash 8.2's context-field-created / -updated events for a create or a PUT: the
 * request as validated (stickiness defaulting to false), not the stored field (issue 31 §4, seen on
 * the reference). Legal-value edits record the stored field instead.
 */
function requestEventData(name: string, field: CreateContextField | UpdateContextField) {
  return {
    name,
    ...(field.description !== undefined ? { description: field.description } : {}),
    stickiness: field.stickiness ?? false,
    ...(field.sortOrder !== undefined ? { sortOrder: field.sortOrder } : {}),
    ...(field.legalValues !== undefined ? { legalValues: field.legalValues } : {}),
    ...(field.project !== undefined ? { project: field.project } : {}),
  };
}

/** A PUT's preData in Unleash 8.2: the field before, without its creation time and sort order. */
function putPreData(before: ContextFieldRow) {
  const { createdAt: _createdAt, sortOrder: _sortOrder, ...rest } = toContextField(before);
  return rest;
}

async function saveAndRecord(
  db: Queryable,
  actor: Actor,
  before: ContextFieldRow,
  after: ContextFieldRow,
  put?: UpdateContextField,
) {
  await updateContextField(db, after);
  const data = toContextField(after);
  await appendEvent(db, {
    type: 'context-field-updated',
    createdBy: actor.name,
    createdByUserId: actor.userId,
    data: put ? requestEventData(after.name, put) : data,
    preData: put ? putPreData(before) : toContextField(before),
    project: after.project,
  });
  return data;
}

export async function applyContextFieldOperation<O extends ContextFieldOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
): Promise<ContextFieldOperationResults[O['kind']]> {
  type Result = ContextFieldOperationResults[O['kind']];
  const op = operation as ContextFieldOperation;
  switch (op.kind) {
    case 'create-context-field': {
      const { field } = op;
      if (!isUrlFriendly(field.name)) throw notUrlFriendly('name', field.name);
      if (await getContextField(db, field.name)) throw nameExists(CONTEXT_FIELD_EXISTS);
      const legalValues = field.legalValues ?? [];
      checkLegalValues(legalValues);
      await checkProject(db, field.project);
      await insertContextField(db, {
        name: field.name,
        description: field.description ?? null,
        sortOrder: field.sortOrder ?? 0,
        legalValues,
        stickiness: field.stickiness ?? false,
        project: field.project ?? null,
      });
      const created = toContextField((await getContextField(db, field.name))!);
      await appendEvent(db, {
        type: 'context-field-created',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        data: requestEventData(field.name, field),
        project: field.project ?? null,
      });
      return created as Result;
    }
    case 'update-context-field': {
      const before = await lockField(db, op.name);
      const legalValues = op.field.legalValues ?? [];
      checkLegalValues(legalValues);
      await checkProject(db, op.field.project);
      // A PUT replaces the field: what the body leaves out goes back to its default.
      const after: ContextFieldRow = {
        ...before,
        description: op.field.description ?? null,
        sortOrder: op.field.sortOrder ?? before.sortOrder,
        legalValues,
        stickiness: op.field.stickiness ?? false,
        project: op.field.project ?? before.project,
      };
      return (await saveAndRecord(db, actor, before, after, op.field)) as Result;
    }
    case 'delete-context-field': {
      const before = await lockField(db, op.name);
      await deleteContextField(db, op.name);
      await appendEvent(db, {
        type: 'context-field-deleted',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        data: null,
        preData: toContextField(before),
        project: before.project,
      });
      return undefined as Result;
    }
    case 'upsert-legal-value': {
      const before = await lockField(db, op.name);
      if (op.legalValue.value.trim() === '') throw invalidField('"value" is not allowed to be empty.');
      const legalValues = before.legalValues.some((legal) => legal.value === op.legalValue.value)
        ? before.legalValues.map((legal) => (legal.value === op.legalValue.value ? op.legalValue : legal))
        : [...before.legalValues, op.legalValue];
      return (await saveAndRecord(db, actor, before, { ...before, legalValues })) as Result;
    }
    case 'delete-legal-value': {
      const before = await lockField(db, op.name);
      if (!before.legalValues.some((legal) => legal.value === op.value))
        return toContextField(before) as Result;
      const legalValues = before.legalValues.filter((legal) => legal.value !== op.value);
      return (await saveAndRecord(db, actor, before, { ...before, legalValues })) as Result;
    }
  }
}
