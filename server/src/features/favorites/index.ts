export { favoriteRoutes } from './favorite-routes';
// The `favorite` field of project lists, the project overview and feature search, and `favoritesFirst`.
export { favoriteFeatureNames, favoriteProjectIds, isFavoriteFeature } from './favorite-service';
