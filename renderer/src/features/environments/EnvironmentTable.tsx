import type { Environment } from '../../api/types';
import { ListTable } from '../../components/ListTable/ListTable';
import { environmentOrder } from '../../stores/editable-resources';
import { usePendingEdits } from '../../stores/use-outbox';
import type { EnvironmentFormMode } from './EnvironmentForm';
import { EnvironmentRow } from './EnvironmentRow';
import classes from './EnvironmentsScreen.module.css';
import type { useEnvironmentChanges } from './use-environment-changes';

/** The server's environments with the queued edits applied on top, as the operator expects to see them. */
export function displayedEnvironments(
  environments: readonly Environment[],
  pendingEnabled: (name: string) => { mine: unknown } | undefined,
  pendingOrder: { mine: unknown } | undefined,
): Environment[] {
  const order = Array.isArray(pendingOrder?.mine)
    ? (pendingOrder.mine as string[])
    : environmentOrder(environments);
  const position = (name: string) => {
    const index = order.indexOf(name);
    return index === -1 ? order.length : index;
  };
  return [...environments]
    .map((environment) => {
      const mine = pendingEnabled(environment.name)?.mine as { enabled?: boolean } | undefined;
      return typeof mine?.enabled === 'boolean' ? { ...environment, enabled: mine.enabled } : environment;
    })
    .sort((a, b) => position(a.name) - position(b.name) || a.name.localeCompare(b.name));
}

/** The environments in their order, with the queued reorder and enable edits laid over. */
export function EnvironmentTable({
  environments,
  changes,
  onForm,
  onDelete,
}: {
  environments: readonly Environment[];
  changes: ReturnType<typeof useEnvironmentChanges>;
  onForm: (form: EnvironmentFormMode) => void;
  onDelete: (environment: Environment) => void;
}) {
  const pendingEnabled = usePendingEdits('environment');
  const pendingOrder = usePendingEdits('environment-order')('*');
  const rows = displayedEnvironments(environments, pendingEnabled, pendingOrder);
  const names = rows.map((environment) => environment.name);
  return (
    <ListTable
      minWidth={640}
      columns={[
        { label: 'Order', className: classes.order },
        'Environment',
        'Type',
        { label: 'Projects', className: classes.number },
        { label: 'Enabled flags', className: classes.number },
        'Enabled',
        '',
      ]}
    >
      {rows.map((environment, index) => (
        <EnvironmentRow
          key={environment.name}
          environment={environment}
          index={index}
          count={rows.length}
          busy={changes.busy}
          pendingOrder={index === 0 ? pendingOrder : undefined}
          pendingEnabled={pendingEnabled(environment.name)}
          onMove={(offset) => changes.move(names, index, offset)}
          onToggle={(enabled) => changes.toggle(environment, enabled)}
          onForm={onForm}
          onDelete={() => onDelete(environment)}
        />
      ))}
    </ListTable>
  );
}
