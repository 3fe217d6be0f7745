export { SEARCH_LIMITS, searchFeatures } from './feature-search-service';
