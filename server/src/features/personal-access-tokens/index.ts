export { patRoutes } from './pat-routes';
export {
  createPatService,
  PAT_LIMIT,
  PAT_PREFIX,
  type PatEventTypes,
  type PatService,
  toPat,
} from './pat-service';
export { latestPatUseOfUsers, type PatRecord } from './pat-store';
