import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { InstanceAdminStats } from '../../../../server/contract';
import { CsvDownload } from '../../components/CsvDownload/CsvDownload';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { Stat } from '../../components/Stat/Stat';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';

type Figure = [label: string, value: string | number | undefined];

const yesNo = (value: boolean | undefined) => (value ? 'Enabled' : 'Off');
const appsIn = (stats: InstanceAdminStats, range: 'allTime' | '30d' | '7d') =>
  stats.clientApps?.find((apps) => apps.range === range)?.count;

/** The figures in sections, in the order an administrator reads them. */
function sections(stats: InstanceAdminStats): Array<[title: string, figures: Figure[]]> {
  return [
    [
      'People',
      [
        ['Users', stats.users],
        ['Active in 7 days', stats.activeUsers?.last7],
        ['Active in 30 days', stats.activeUsers?.last30],
        ['Active in 60 days', stats.activeUsers?.last60],
        ['Active in 90 days', stats.activeUsers?.last90],
        ['Read-only users', stats.readOnlyUsers],
        ['Groups', stats.groups],
        ['Roles', stats.roles],
      ],
    ],
    [
      'Flags and configuration',
      [
        ['Feature flags', stats.featureToggles],
        ['Projects', stats.projects],
        ['Environments', stats.environments],
        ['Segments', stats.segments],
        ['Context fields', stats.contextFields],
        ['Strategies', stats.strategies],
        ['Release templates', stats.releaseTemplates],
        ['Release plans', stats.releasePlans],
        ['Most strategies on a flag in one environment', stats.maxEnvironmentStrategies],
        ['Most constraints on a strategy', stats.maxConstraints],
        ['Most values in a constraint', stats.maxConstraintValues],
      ],
    ],
    [
      'Activity',
      [
        ['Production changes, 30 days', stats.productionChanges?.last30],
        ['Production changes, 60 days', stats.productionChanges?.last60],
        ['Production changes, 90 days', stats.productionChanges?.last90],
        ['Flag exports', stats.featureExports],
        ['Flag imports', stats.featureImports],
        ['Metric buckets yesterday', stats.previousDayMetricsBucketsCount?.enabledCount],
        ['Variant buckets yesterday', stats.previousDayMetricsBucketsCount?.variantCount],
      ],
    ],
    [
      'SDKs and access',
      [
        ['Applications, all time', appsIn(stats, 'allTime')],
        ['Applications seen in 30 days', appsIn(stats, '30d')],
        ['Applications seen in 7 days', appsIn(stats, '7d')],
        ['Admin API tokens', stats.apiTokens?.admin],
        ['Backend API tokens', stats.apiTokens?.client],
        ['Frontend API tokens', stats.apiTokens?.frontend],
        ['SAML single sign-on', yesNo(stats.SAMLenabled)],
        ['OpenID Connect single sign-on', yesNo(stats.OIDCenabled)],
      ],
    ],
  ];
}

/** `/admin/instance-stats`: Unleash's instance statistics, with the CSV Unleash support asks for. */
export function InstanceStatsScreen() {
  const now = useNow();
  const stats = useServerData('instance-admin-statistics', (api, signal) =>
    api.client.get<InstanceAdminStats>('/api/admin/instance-admin/statistics', undefined, signal),
  );
  return (
    <>
      <PageHeader
        title="Instance statistics"
        description="What this Switchyard installation holds and how much it is used."
        savedAt={stats.savedAt}
        fromCache={stats.fromCache}
        now={now}
        actions={
          <CsvDownload
            label="Download CSV"
            filename="instance-stats.csv"
            load={(api) => api.client.get<string>('/api/admin/instance-admin/statistics/csv')}
          />
        }
      />
      <QueryState query={stats} noun="instance statistics">
        {(data) => (
          <Stack gap="lg">
            <Text size="sm" c="dimmed">
              Instance {data.instanceId} · version {data.versionOSS ?? 'unknown'}
              {data.timestamp ? ` · counted ${new Date(data.timestamp).toLocaleString()}` : ''}
            </Text>
            {sections(data).map(([title, figures]) => (
              <section key={title} aria-label={title}>
                <Title order={3} size="h4" mb="xs">
                  {title}
                </Title>
                <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }}>
                  {figures.map(([label, value]) => (
                    <Stat key={label} label={label} value={value ?? '–'} />
                  ))}
                </SimpleGrid>
              </section>
            ))}
          </Stack>
        )}
      </QueryState>
    </>
  );
}
