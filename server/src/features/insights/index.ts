export { insightRoutes } from './insight-routes';
export { insightSnapshotJob } from './insight-snapshot-job';
