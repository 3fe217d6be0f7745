import type { StrategyDefinition, StrategyParameterDefinition } from '../../../contract';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { nameExists } from '../../lib/errors';

export interface StrategyRow {
  name: string;
  title: string | null;
  displayName: string | null;
  description: string | null;
  parameters: StrategyParameterDefinition[];
  builtIn: boolean;
  deprecated: boolean;
  sortOrder: number;
}

export const strategyExists = (name: string) => `Strategy with name ${name} already exist!`;

function select(db: Queryable) {
  return db
    .selectFrom('strategies')
    .select([
      'name',
      'title',
      'display_name as displayName',
      'description',
      'parameters',
      'built_in as builtIn',
      'deprecated',
      'sort_order as sortOrder',
    ]);
}

function toRow(raw: Omit<StrategyRow, 'parameters'> & { parameters: unknown }): StrategyRow {
  return {
    ...raw,
    parameters: Array.isArray(raw.parameters) ? (raw.parameters as StrategyParameterDefinition[]) : [],
  };
}

export function toStrategyDefinition(row: StrategyRow): StrategyDefinition {
  return {
    name: row.name,
    title: row.title,
    displayName: row.displayName,
    description: row.description,
    editable: !row.builtIn,
    deprecated: row.deprecated,
    parameters: row.parameters.map((parameter) => ({
      name: parameter.name,
      type: parameter.type,
      description: parameter.description ?? '',
      required: parameter.required ?? false,
    })),
  };
}

export async function listStrategies(db: Queryable): Promise<StrategyRow[]> {
  const rows = await select(db).orderBy('sort_order').orderBy('name').execute();
  return rows.map(toRow);
}

export async function getStrategy(
  db: Queryable,
  name: string,
  lock = false,
): Promise<StrategyRow | undefined> {
  let query = select(db).where('name', '=', name);
  if (lock) query = query.forNoKeyUpdate();
  const row = await query.executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function insertStrategy(db: Queryable, row: StrategyRow): Promise<void> {
  try {
    await db
      .insertInto('strategies')
      .values({
        name: row.name,
        title: row.title,
        display_name: row.displayName,
        description: row.description,
        parameters: JSON.stringify(row.parameters),
        built_in: row.builtIn,
        deprecated: row.deprecated,
        sort_order: row.sortOrder,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(strategyExists(row.name));
    throw error;
  }
}

export async function updateStrategy(db: Queryable, row: StrategyRow): Promise<void> {
  await db
    .updateTable('strategies')
    .set({
      title: row.title,
      description: row.description,
      parameters: JSON.stringify(row.parameters),
      deprecated: row.deprecated,
    })
    .where('name', '=', row.name)
    .execute();
}

export async function deleteStrategy(db: Queryable, name: string): Promise<void> {
  await db.deleteFrom('strategies').where('name', '=', name).execute();
}
