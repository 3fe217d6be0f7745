export { registerClientMetricsGauges } from './client-metrics-prometheus';
export { readLastHourUsage, usageIn } from './client-metrics-read-service';
export { clientMetricsAdminRoutes } from './client-metrics-routes';
export {
  type ClientMetricsService,
  createClientMetricsService,
  reportingEnvironment,
  type SdkReporter,
} from './client-metrics-service';
export { edgeInstanceRoutes } from './edge-instance-routes';
export { createEdgeInstances, type EdgeInstanceStore } from './edge-instances';
export type { EnvironmentUsage, LastHourUsage } from './flag-usage-store';
export { projectApplicationRoutes } from './project-application-routes';
