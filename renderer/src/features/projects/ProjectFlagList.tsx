import { Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { useConsoleState } from '../../stores/console-context';
import { BulkConfirmModal } from './BulkConfirmModal';
import { BulkOutcomeNotice } from './BulkOutcomeNotice';
import { ProjectFlagBulkBar } from './ProjectFlagBulkBar';
import { ProjectFlagFilters } from './ProjectFlagFilters';
import { ProjectFlagTable } from './ProjectFlagTable';
import { useBulkAction } from './use-bulk-action';
import { useProjectFlags } from './use-project-flags';

/**
 * A project's flags, searched and paged on the server (10,000 flags stay fast), with row
 * selection and Unleash's bulk actions; the filters and columns stay as the operator left them.
 */
export function ProjectFlagList({
  projectId,
  environments,
}: {
  projectId: string;
  environments: readonly string[];
}) {
  const offline = useConsoleState((state) => state.connectivity === 'offline');
  const list = useProjectFlags(projectId);
  const { view, flags, rows, pendingRows, selected, total, pages } = list;
  const bulk = useBulkAction(projectId, { onDone: list.clearSelection, onSettled: flags.reload });
  const [environment, setEnvironment] = useState<string | null>(environments[0] ?? null);
  const [tag, setTag] = useState('');

  return (
    <Stack gap="sm">
      <ProjectFlagFilters text={list.text} onText={list.setText} view={view} onView={list.changeView} />
      <BulkOutcomeNotice outcome={bulk.outcome} onClose={bulk.dismissOutcome} />
      {selected.size > 0 ? (
        <ProjectFlagBulkBar
          count={selected.size}
          offline={offline}
          environments={environments}
          environment={environment}
          onEnvironment={setEnvironment}
          tag={tag}
          onTag={setTag}
          onAsk={(action) => bulk.ask(action, selected)}
          onClear={list.clearSelection}
        />
      ) : null}

      {flags.error && !flags.data ? <ErrorNotice error={flags.error} onRetry={flags.reload} /> : null}
      {flags.data && rows.length === 0 && pendingRows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {view.query || view.state || view.lifecycle
            ? 'No flag matches these filters.'
            : 'This project has no flags.'}
        </Text>
      ) : null}
      {rows.length > 0 || pendingRows.length > 0 ? (
        <ProjectFlagTable
          projectId={projectId}
          columns={view.columns}
          rows={rows}
          pendingRows={pendingRows}
          selected={selected}
          allOnPage={list.allOnPage}
          someOnPage={list.someOnPage}
          onToggle={list.toggle}
          onToggleAll={list.toggleAll}
        />
      ) : null}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="project-flag-count">
          {total ? `${total.toLocaleString()} flags` : ''}
        </Text>
        {pages > 1 ? (
          <Pagination total={pages} value={Math.min(list.page, pages)} onChange={list.goToPage} />
        ) : null}
      </Group>

      <BulkConfirmModal
        pending={bulk.pending}
        running={bulk.running}
        onCancel={bulk.cancel}
        onConfirm={bulk.confirm}
      />
    </Stack>
  );
}
