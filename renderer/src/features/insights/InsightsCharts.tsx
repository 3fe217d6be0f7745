// Here rather than in main.tsx: the charts' styles load with the charts' chunk (issue 33).
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { InstanceInsights } from '../../../../server/contract';
import {
  type ChangeWeek,
  changeWeeks,
  environmentTypeWeeks,
  type FlagWeek,
  flagWeeks,
  healthByProject,
  type MetricsWeek,
  metricsWeeks,
  userDays,
} from './insights-series';

const PALETTE = [
  'blue.6',
  'teal.6',
  'grape.6',
  'orange.6',
  'red.6',
  'cyan.6',
  'lime.7',
  'pink.6',
  'indigo.6',
  'yellow.7',
];
const colour = (index: number) => PALETTE[index % PALETTE.length]!;

/** A chart with its title; `summary` describes it for screen readers (the drawing itself is not read). */
function ChartCard({
  title,
  summary,
  empty,
  children,
}: {
  title: string;
  summary: string;
  empty: boolean;
  children: ReactNode;
}) {
  const id = `chart-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id} data-testid={id}>
      <Title order={3} size="h5" id={id} mb="xs">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {summary}
      </Text>
      {empty ? (
        <Text size="sm">No data for this period yet: snapshots are taken once a day.</Text>
      ) : (
        <div role="img" aria-label={`${title}: ${summary}`}>
          {children}
        </div>
      )}
    </Paper>
  );
}

const last = <T,>(rows: readonly T[]) => rows[rows.length - 1];

type Users = ReturnType<typeof userDays>;
type Health = ReturnType<typeof healthByProject>;
type Environments = ReturnType<typeof environmentTypeWeeks>;

function UsersChart({ users }: { users: Users }) {
  const latestUsers = last(users);
  return (
    <ChartCard
      title="Users"
      empty={users.length === 0}
      summary={
        latestUsers
          ? `${latestUsers.active} active and ${latestUsers.inactive} inactive on ${latestUsers.date}`
          : 'No users recorded.'
      }
    >
      <LineChart
        h={220}
        data={users}
        dataKey="date"
        withLegend
        series={[
          { name: 'active', label: 'Active (60 days)', color: 'teal.6' },
          { name: 'inactive', label: 'Inactive', color: 'gray.6' },
        ]}
      />
    </ChartCard>
  );
}

function FlagsChart({ flags }: { flags: FlagWeek[] }) {
  const latestFlags = last(flags);
  return (
    <ChartCard
      title="Flags"
      empty={flags.length === 0}
      summary={
        latestFlags
          ? `${latestFlags.total} flags in week ${latestFlags.week}: ${latestFlags.stale} stale, ${latestFlags.potentiallyStale} potentially stale`
          : 'No flags recorded.'
      }
    >
      <LineChart
        h={220}
        data={flags}
        dataKey="week"
        withLegend
        series={[
          { name: 'total', label: 'Total', color: 'blue.6' },
          { name: 'active', label: 'Active', color: 'teal.6' },
          { name: 'stale', label: 'Stale', color: 'red.6' },
          { name: 'potentiallyStale', label: 'Potentially stale', color: 'orange.6' },
        ]}
      />
    </ChartCard>
  );
}

/** Health per project; the summary reads the latest week of the flags series (all chosen projects). */
function HealthChart({ health, flags }: { health: Health; flags: FlagWeek[] }) {
  const latestFlags = last(flags);
  return (
    <ChartCard
      title="Health"
      empty={health.rows.length === 0}
      summary={
        latestFlags
          ? `Health ${latestFlags.health}% and technical debt ${100 - latestFlags.health}% in week ${latestFlags.week}`
          : 'No health recorded.'
      }
    >
      <LineChart
        h={220}
        data={health.rows}
        dataKey="week"
        withLegend
        yAxisProps={{ domain: [0, 100] }}
        unit="%"
        series={health.projects.map((project, index) => ({ name: project, color: colour(index) }))}
      />
    </ChartCard>
  );
}

function ChangesChart({ changes }: { changes: ChangeWeek[] }) {
  return (
    <ChartCard
      title="Created and archived flags"
      empty={changes.length === 0}
      summary={`${changes.reduce((sum, week) => sum + week.created, 0)} created, ${changes.reduce((sum, week) => sum + week.archived, 0)} archived, ${changes.reduce((sum, week) => sum + week.newInProduction, 0)} new in production`}
    >
      <BarChart
        h={220}
        data={changes}
        dataKey="week"
        withLegend
        series={[
          { name: 'created', label: 'Created', color: 'blue.6' },
          { name: 'archived', label: 'Archived', color: 'gray.6' },
          { name: 'newInProduction', label: 'New in production', color: 'teal.6' },
        ]}
      />
    </ChartCard>
  );
}

function EvaluationsChart({ metrics }: { metrics: MetricsWeek[] }) {
  return (
    <ChartCard
      title="Flag evaluations"
      empty={metrics.length === 0}
      summary={`${metrics.reduce((sum, week) => sum + week.yes + week.no, 0)} evaluations reported by SDKs`}
    >
      <BarChart
        h={220}
        data={metrics}
        dataKey="week"
        type="stacked"
        withLegend
        series={[
          { name: 'yes', label: 'Enabled', color: 'teal.6' },
          { name: 'no', label: 'Disabled', color: 'gray.6' },
        ]}
      />
    </ChartCard>
  );
}

function EnvironmentUpdatesChart({ environments }: { environments: Environments }) {
  return (
    <ChartCard
      title="Updates per environment type"
      empty={environments.rows.length === 0}
      summary={`Flag changes in ${environments.types.join(', ') || 'no'} environments`}
    >
      <BarChart
        h={220}
        data={environments.rows}
        dataKey="week"
        withLegend
        series={environments.types.map((type, index) => ({ name: type, color: colour(index) }))}
      />
    </ChartCard>
  );
}

/** The dashboard's charts (Mantine charts over recharts), for the chosen projects. */
export function InsightsCharts({
  insights,
  projects,
}: {
  insights: InstanceInsights;
  projects: readonly string[];
}) {
  const flags = flagWeeks(insights, projects);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <UsersChart users={userDays(insights)} />
      <FlagsChart flags={flags} />
      <HealthChart health={healthByProject(insights, projects)} flags={flags} />
      <ChangesChart changes={changeWeeks(insights, projects)} />
      <EvaluationsChart metrics={metricsWeeks(insights, projects)} />
      <EnvironmentUpdatesChart environments={environmentTypeWeeks(insights)} />
    </SimpleGrid>
  );
}
