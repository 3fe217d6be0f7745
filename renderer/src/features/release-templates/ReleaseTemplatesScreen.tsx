import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { strategyDisplayName } from '../strategies/strategy-names';
import { createReleaseTemplatesApi, type ReleasePlanTemplate } from './release-templates-api';

type Milestone = NonNullable<ReleasePlanTemplate['milestones']>[number];

function MilestoneItem({ milestone, position }: { milestone: Milestone; position: number }) {
  const strategies = milestone.strategies ?? [];
  return (
    <List.Item data-testid={`milestone-${milestone.id}`}>
      <Text fw={600} size="sm">
        {position}. {milestone.name}
      </Text>
      {strategies.length === 0 ? (
        <Text size="sm">No strategies</Text>
      ) : (
        <List size="sm" withPadding>
          {strategies.map((strategy) => (
            <List.Item key={strategy.id}>
              {strategy.title
                ? `${strategy.title} (${strategyDisplayName(strategy.strategyName)})`
                : strategyDisplayName(strategy.strategyName)}
              {strategy.parameters?.rollout ? ` · ${strategy.parameters.rollout}%` : ''}
              {strategy.constraints?.length ? ` · ${strategy.constraints.length} constraint(s)` : ''}
              {strategy.segments?.length ? ` · ${strategy.segments.length} segment(s)` : ''}
              {strategy.disabled ? ' · disabled' : ''}
            </List.Item>
          ))}
        </List>
      )}
    </List.Item>
  );
}

/** The release template library: each template's milestones in order, with their strategies. */
export function ReleaseTemplatesScreen() {
  const now = useNow();
  const templates = useServerData('release-plan-templates', (api) =>
    createReleaseTemplatesApi(api.client).list(),
  );
  return (
    <>
      <PageHeader
        title="Release templates"
        description="Reusable release plans: ordered milestones, each with the strategies it puts on a flag."
        savedAt={templates.savedAt}
        fromCache={templates.fromCache}
        now={now}
      />
      <QueryState
        query={templates}
        noun="release templates"
        isEmpty={(data) => data.length === 0}
        empty="No release templates yet."
      >
        {(data) => (
          <Stack gap="md">
            {data.map((template) => (
              <Card key={template.id} withBorder data-testid={`release-template-${template.id}`}>
                <Stack gap="xs">
                  <Group gap="sm">
                    <Title order={3} size="h4">
                      {template.name}
                    </Title>
                    <Badge variant="light">
                      {template.milestones?.length ?? 0}{' '}
                      {(template.milestones?.length ?? 0) === 1 ? 'milestone' : 'milestones'}
                    </Badge>
                  </Group>
                  {template.description ? <Text size="sm">{template.description}</Text> : null}
                  <List type="unordered" listStyleType="none" spacing="xs">
                    {(template.milestones ?? []).map((milestone, index) => (
                      <MilestoneItem key={milestone.id} milestone={milestone} position={index + 1} />
                    ))}
                  </List>
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
    </>
  );
}
