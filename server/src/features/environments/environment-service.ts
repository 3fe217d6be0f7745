import type { CloneEnvironment, CreateEnvironment, UpdateEnvironment } from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { nameExists, notFound } from '../../lib/errors';
import type { Actor } from '../events';
import { applyEnvironmentOperation, type EnvironmentOperation } from './environment-operations';
import {
  environmentExists,
  getEnvironment,
  listEnvironments,
  listProjectEnvironments,
  toEnvironment,
} from './environment-store';

export type EnvironmentService = ReturnType<typeof createEnvironmentService>;

export function createEnvironmentService(db: Db) {
  const apply = <O extends EnvironmentOperation>(operation: O, actor: Actor) =>
    inTransaction(db, (trx) => applyEnvironmentOperation(trx, operation, actor));
  return {
    list: () => listEnvironments(db),
    listForProject: (project: string) => listProjectEnvironments(db, project),
    async get(name: string) {
      const environment = await getEnvironment(db, name);
      if (!environment) throw notFound(`Could not find environment with name: ${name}`);
      return toEnvironment(environment);
    },
    async validateName(name: string) {
      if (await getEnvironment(db, name)) throw nameExists(environmentExists(name));
    },
    create: (environment: CreateEnvironment, actor: Actor) =>
      apply({ kind: 'create-environment', environment }, actor),
    update: (name: string, changes: UpdateEnvironment, actor: Actor) =>
      apply({ kind: 'update-environment', name, changes }, actor),
    remove: (name: string, actor: Actor) => apply({ kind: 'delete-environment', name }, actor),
    clone: (source: string, clone: CloneEnvironment, actor: Actor) =>
      apply({ kind: 'clone-environment', source, clone }, actor),
    setEnabled: (name: string, enabled: boolean, actor: Actor) =>
      apply({ kind: 'set-environment-enabled', name, enabled }, actor),
    setSortOrder: (sortOrder: Record<string, number>, actor: Actor) =>
      apply({ kind: 'set-environment-sort-order', sortOrder }, actor),
  };
}
