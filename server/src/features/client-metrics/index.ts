export { registerClientMetricsGauges } from './client-metrics-prometheus';
export { clientMetricsAdminRoutes } from './client-metrics-routes';
export {
  type ClientMetricsService,
  createClientMetricsService,
  reportingEnvironment,
  type SdkReporter,
} from './client-metrics-service';
