import { Table, Text } from '@mantine/core';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { listFeedback } from './feedback-api';

/** `/admin/feedback`: what people sent through the feedback prompt, newest first (admins). */
export function FeedbackScreen() {
  const feedback = useServerData('feedback', listFeedback);
  const now = useNow();
  return (
    <>
      <PageHeader
        title="Feedback"
        description="What people told you through the console's feedback prompt, newest first. The newest 1,000 are kept."
        savedAt={feedback.savedAt}
        fromCache={feedback.fromCache}
        now={now}
      />
      <QueryState
        query={feedback}
        noun="feedback"
        isEmpty={(data) => data.length === 0}
        empty="No feedback yet."
      >
        {(data) => (
          <ListTable
            minWidth={720}
            columns={['Received', 'Survey', 'Ease (1–5)', 'Works well', 'Should improve']}
          >
            {data.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <RelativeTime value={entry.createdAt} />
                </Table.Td>
                <Table.Td>{entry.category}</Table.Td>
                <Table.Td>{entry.difficultyScore ?? '–'}</Table.Td>
                <Table.Td>
                  <Text size="sm">{entry.positive ?? '–'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{entry.areasForImprovement ?? '–'}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </QueryState>
    </>
  );
}
