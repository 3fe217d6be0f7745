export { patRoutes } from './pat-routes';
export {
  createPatService,
  latestPatUseOfUsers,
  PAT_LIMIT,
  PAT_PREFIX,
  type PatEventTypes,
  type PatService,
  toPat,
} from './pat-service';
export type { PatRecord } from './pat-store';
