import type { Generated } from 'kysely';
import type { CreatedAt } from './schema-core';

/** Issue 19: notifications, feedback and favourites, all belonging to one user. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  notification_type: string;
  message: string;
  link: string;
  created_by_user_id: number | null;
  created_by_name: string | null;
  event_id: string | null;
  created_at: CreatedAt;
  read_at: Date | null;
}

export interface UserUnsubscriptionTable {
  user_id: number;
  subscription: string;
  created_at: CreatedAt;
}

export interface UserFeedbackTable {
  user_id: number;
  feedback_id: string;
  given: Date | null;
  never_show: Generated<boolean>;
}

export interface ProvidedFeedbackTable {
  id: Generated<number>;
  created_at: CreatedAt;
  category: string;
  user_type: string | null;
  difficulty_score: number | null;
  positive: string | null;
  areas_for_improvement: string | null;
}

export interface FavoriteFeaturesTable {
  feature_name: string;
  user_id: number;
  created_at: CreatedAt;
}

export interface FavoriteProjectsTable {
  project: string;
  user_id: number;
  created_at: CreatedAt;
}

export interface PersonalTables {
  notifications: NotificationsTable;
  user_unsubscription: UserUnsubscriptionTable;
  user_feedback: UserFeedbackTable;
  provided_feedback: ProvidedFeedbackTable;
  favorite_features: FavoriteFeaturesTable;
  favorite_projects: FavoriteProjectsTable;
}
