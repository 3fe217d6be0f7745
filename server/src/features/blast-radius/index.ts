export { blastRadiusRoutes } from './blast-radius-routes';
export {
  type BlastRadiusService,
  createBlastRadiusService,
  MAX_PREVIEW_CONTEXTS,
} from './blast-radius-service';
export { type ContextSampler, createContextSampler, SAMPLING_LIMITS } from './context-sampler';
