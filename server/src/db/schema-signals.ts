import type { Generated } from 'kysely';
import type { CreatedAt, Json, JsonDefault } from './schema-core';

/** Signal endpoints and their tokens, the signals received, action sets and their log (issue 15). */
export interface SignalEndpointsTable {
  id: Generated<number>;
  name: string;
  enabled: Generated<boolean>;
  description: string | null;
  created_at: CreatedAt;
  created_by_user_id: number | null;
}

export interface SignalEndpointTokensTable {
  id: Generated<number>;
  signal_endpoint_id: number;
  name: string;
  secret_hash: string;
  created_at: CreatedAt;
  created_by_user_id: number | null;
}

export interface SignalsTable {
  id: Generated<number>;
  source: string;
  source_id: number;
  created_by_source_token_id: number | null;
  token_name: string | null;
  payload: JsonDefault;
  created_at: CreatedAt;
  processed_at: Date | null;
}

export interface ActionSetsTable {
  id: Generated<number>;
  project: string;
  name: string;
  description: string | null;
  enabled: Generated<boolean>;
  actor_id: number;
  source: string;
  source_id: number;
  payload: JsonDefault;
  created_at: CreatedAt;
  created_by_user_id: number | null;
}

export interface ActionsTable {
  id: Generated<number>;
  action_set_id: number;
  sort_order: number;
  action: string;
  execution_params: JsonDefault;
  created_at: CreatedAt;
  created_by_user_id: number | null;
}

export interface ActionSetEventsTable {
  id: Generated<number>;
  action_set_id: number;
  signal_id: number;
  state: 'started' | 'success' | 'failed';
  signal: Json;
  action_set: Json;
  created_at: CreatedAt;
}

export interface SignalTables {
  signal_endpoints: SignalEndpointsTable;
  signal_endpoint_tokens: SignalEndpointTokensTable;
  signals: SignalsTable;
  action_sets: ActionSetsTable;
  actions: ActionsTable;
  action_set_events: ActionSetEventsTable;
}
