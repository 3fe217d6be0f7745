/** Instance statistics (issue 19). See README.md. */
export { instanceStatsRoutes } from './instance-stats-routes';
export { instanceId, statsChecksum, statsCsv } from './instance-stats-service';
