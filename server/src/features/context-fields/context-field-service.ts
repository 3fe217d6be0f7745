import type { ContextField, CreateContextField, LegalValue, UpdateContextField } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { nameExists, notFound } from '../../lib/errors';
import { isUrlFriendly } from '../../lib/url-friendly';
import { notUrlFriendly } from '../../lib/validation-errors';
import type { Actor } from '../events';
import { applyContextFieldOperation, type ContextFieldOperation } from './context-field-operations';
import {
  CONTEXT_FIELD_EXISTS,
  type ContextFieldRow,
  getContextField,
  getContextFields as getContextFieldsByName,
  listContextFields,
  strategiesUsingContextField,
  toContextField,
} from './context-field-store';

export type { ContextFieldRow } from './context-field-store';

export type ContextFieldService = ReturnType<typeof createContextFieldService>;

/** The named context fields that exist, by name (constraint validation). */
export function getContextFields(
  db: Queryable,
  names: readonly string[],
): Promise<Map<string, ContextFieldRow>> {
  return getContextFieldsByName(db, names);
}

/** Context fields: reads, and every change applied as an operation in its own transaction. */
export function createContextFieldService(db: Db) {
  const apply = <O extends ContextFieldOperation>(operation: O, actor: Actor) =>
    inTransaction(db, (trx) => applyContextFieldOperation(trx, operation, actor));

  return {
    async list(project?: string): Promise<ContextField[]> {
      const rows = await listContextFields(db, project);
      return rows.map(({ field, features, projects }) => toContextField(field, { features, projects }));
    },
    async get(name: string): Promise<ContextField> {
      const field = await getContextField(db, name);
      if (!field) throw notFound('Could not find context field');
      return toContextField(field);
    },
    async validateName(name: string): Promise<void> {
      if (!isUrlFriendly(name)) throw notUrlFriendly('name', name);
      if (await getContextField(db, name)) throw nameExists(CONTEXT_FIELD_EXISTS);
    },
    strategiesUsing: (name: string) => strategiesUsingContextField(db, name),
    create: (field: CreateContextField, actor: Actor) =>
      apply({ kind: 'create-context-field', field }, actor),
    update: (name: string, field: UpdateContextField, actor: Actor) =>
      apply({ kind: 'update-context-field', name, field }, actor),
    remove: (name: string, actor: Actor) => apply({ kind: 'delete-context-field', name }, actor),
    upsertLegalValue: (name: string, legalValue: LegalValue, actor: Actor) =>
      apply({ kind: 'upsert-legal-value', name, legalValue }, actor),
    deleteLegalValue: (name: string, value: string, actor: Actor) =>
      apply({ kind: 'delete-legal-value', name, value }, actor),
  };
}
