import { Type } from 'typebox';

/** Favourite projects and flags (issue 19; shared/unleash/API.md §6 "Projects", "Features"). */
export const FavoriteProjectParamsSchema = Type.Object({ projectId: Type.String({ maxLength: 100 }) });
export const FavoriteFeatureParamsSchema = Type.Object({
  projectId: Type.String({ maxLength: 100 }),
  featureName: Type.String({ maxLength: 100 }),
});
