import { Group, MultiSelect, NativeSelect, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { Stat } from '../../components/Stat/Stat';
import { replaceQuery, useLocation } from '../../router/navigation';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { FlagHealthTable } from './FlagHealthTable';
import { InsightsCharts } from './InsightsCharts';
import { type InsightsPageData, loadInsightsPage } from './insights-api';
import { flagWeeks, isPeriod, PERIODS, type Period, periodDates } from './insights-series';
import { LifecycleTrendsPanel } from './LifecycleTrendsPanel';

const DAY_MS = 86_400_000;

/**
 * The period: four segments side by side, or a select in a narrow window (under 30em, 480 px), where
 * the segments would push the page sideways.
 */
function PeriodControl({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const narrow = useMediaQuery('(max-width: 30em)');
  const data = PERIODS.map(({ value, label }) => ({ value, label }));
  if (narrow) {
    return (
      <NativeSelect
        label="Period"
        data={data}
        value={period}
        onChange={(event) => onChange(event.currentTarget.value as Period)}
      />
    );
  }
  return (
    <SegmentedControl
      aria-label="Period"
      data={data}
      value={period}
      onChange={(value) => onChange(value as Period)}
    />
  );
}

/**
 * `/insights` (Unleash's UI path): how the flag estate is doing over a period, for all projects
 * or the chosen ones. The filters live in the URL (`?period=3m&projects=a,b`), so a view can be shared.
 */
export function InsightsScreen() {
  const { path, query } = useLocation();
  const now = useNow();
  const period: Period = isPeriod(query.period) ? query.period : '3m';
  const projects = (query.projects ?? '').split(',').filter(Boolean);
  // Whole days, so the query key (and the cached answer) stays the same through the day.
  const { from, to } = periodDates(period, Math.floor(now / DAY_MS) * DAY_MS);
  const projectList = useServerData('projects', (api) => api.listProjects());
  const page = useServerData(`insights:${from}:${to}:${projects.join(',')}`, (api) =>
    loadInsightsPage(api.client, { from, to, projects }),
  );
  const setFilters = (next: { period?: Period; projects?: string[] }) =>
    replaceQuery(path, {
      period: next.period ?? period,
      projects: (next.projects ?? projects).join(',') || undefined,
    });

  return (
    <>
      <PageHeader
        title="Insights"
        description="Flag health, technical debt, lifecycle and usage trends, from daily snapshots."
        savedAt={page.savedAt}
        fromCache={page.fromCache}
        now={now}
      />
      <Group mb="md" align="flex-end" wrap="wrap">
        <MultiSelect
          label="Projects"
          placeholder={projects.length === 0 ? 'All projects' : undefined}
          data={(projectList.data?.projects ?? []).map((project) => ({
            value: project.id,
            label: project.name,
          }))}
          value={projects}
          onChange={(value) => setFilters({ projects: value })}
          searchable
          clearable
          miw={260}
        />
        <PeriodControl period={period} onChange={(value) => setFilters({ period: value })} />
      </Group>
      <QueryState query={page} noun="insights">
        {(data) => <InsightsBody data={data} projects={projects} />}
      </QueryState>
    </>
  );
}

function InsightsBody({ data, projects }: { data: InsightsPageData; projects: readonly string[] }) {
  const weeks = flagWeeks(data.insights, projects);
  const latest = weeks[weeks.length - 1];
  const users = data.insights.userTrends[data.insights.userTrends.length - 1];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Stat label="Flags" value={latest?.total ?? '–'} />
        <Stat label="Health" value={latest ? `${latest.health}%` : '–'} />
        <Stat label="Technical debt" value={latest ? `${100 - latest.health}%` : '–'} />
        <Stat label="Active users" value={users ? `${users.active} of ${users.total}` : '–'} />
      </SimpleGrid>
      <InsightsCharts insights={data.insights} projects={projects} />
      <LifecycleTrendsPanel lifecycle={data.lifecycle} />
      <FlagHealthTable flags={data.cleanup.flags} total={data.cleanup.total} />
    </Stack>
  );
}
