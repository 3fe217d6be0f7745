export { FlagImpactMetrics } from './FlagImpactMetrics';
