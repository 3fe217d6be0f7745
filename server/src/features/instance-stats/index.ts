/** Instance statistics (issue 19). See README.md. */
export { instanceStatsRoutes } from './instance-stats-routes';
export { statsChecksum, statsCsv } from './instance-stats-service';
export { instanceId } from './instance-stats-store';
