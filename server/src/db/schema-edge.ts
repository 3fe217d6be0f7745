import type { ColumnType } from 'kysely';
import type { DefaultNow, Json } from './schema-core';

/** The latest instance data an Unleash Edge posted to /api/client/metrics/edge (issue 17). */
export interface EdgeInstancesTable {
  identifier: string;
  app_name: string;
  edge_version: string;
  region: string | null;
  /** The environment of the token it posted with. */
  environment: string;
  started_at: Date | null;
  reported_at: Date;
  data: Json;
}

/** Nonces of signed /edge/issue-token requests already used, until they expire. */
export interface EdgeHmacNoncesTable {
  client_id: string;
  nonce: string;
  expires_at: Date;
}

/** The token issued per Edge client and scope; the secret encrypted with the client's key. */
export interface EdgeIssuedTokensTable {
  client_id: string;
  scope_hash: string;
  token_id: number;
  secret_enc: Buffer;
  created_at: DefaultNow;
}

/** A frontend API token created through `/api/admin/cdn/tokens` (issue 31 §5). */
export interface CdnTokensTable {
  token_id: number;
  created_at: DefaultNow;
}

/** The latest heartbeat of each Edge connection to /api/client/edge-licensing/heartbeat. */
export interface EdgeLicenseHeartbeatsTable {
  connection_id: string;
  token_environment: string;
  data: Json;
  first_seen_at: DefaultNow;
  last_seen_at: Date;
}

/** Requests per UTC day (`YYYY-MM-DD`), API group and outcome (issue 31 §5). */
export interface TrafficUsageTable {
  day: ColumnType<string, string, string>;
  api_path: string;
  traffic_group: string;
  count: ColumnType<number, number, number>;
}

export interface EdgeTables {
  traffic_usage: TrafficUsageTable;
  cdn_tokens: CdnTokensTable;
  edge_license_heartbeats: EdgeLicenseHeartbeatsTable;
  edge_instances: EdgeInstancesTable;
  edge_hmac_nonces: EdgeHmacNoncesTable;
  edge_issued_tokens: EdgeIssuedTokensTable;
}
