import type { Generated } from 'kysely';
import type { CreatedAt, Json, JsonDefault } from './schema-core';

/** Integrations (issue 16): addons, their delivery state and outbox, and the attempt log. */
export interface AddonsTable {
  id: Generated<number>;
  provider: string;
  description: string | null;
  enabled: Generated<boolean>;
  parameters: JsonDefault<Record<string, unknown>>;
  events: JsonDefault<string[]>;
  projects: JsonDefault<string[]>;
  environments: JsonDefault<string[]>;
  created_at: CreatedAt;
  created_by_user_id: number | null;
}

export interface AddonDeliveriesTable {
  addon_id: number;
  consecutive_failures: Generated<number>;
  paused_until: Date | null;
  last_error: string | null;
  last_delivered_at: Date | null;
}

export interface AddonOutboxTable {
  addon_id: number;
  event_id: number;
  attempts: Generated<number>;
  next_attempt_at: CreatedAt;
}

export interface IntegrationEventsTable {
  id: Generated<number>;
  integration_id: number;
  event_id: number;
  created_at: CreatedAt;
  state: string;
  state_details: string;
  event: Json;
  details: Json;
}

export interface AddonTables {
  addons: AddonsTable;
  addon_deliveries: AddonDeliveriesTable;
  addon_outbox: AddonOutboxTable;
  integration_events: IntegrationEventsTable;
}
