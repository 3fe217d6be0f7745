import type { Migration } from 'kysely';
import * as initial from './20261122000000_initial';
import * as flagModel from './20261122103000_flag_model';
import * as clientMetrics from './20261122104000_client_metrics';
import * as identityAccess from './20261122110000_identity_access';
import * as m20261125025031 from './20261125025031_unknown_flags';
import * as m20261125031454 from './20261125031454_login_attempts';
import * as m20261125031943 from './20261125031943_invite_link_secret_hash';
import * as m20261125062000 from './20261125062000_change_requests';
import * as m20261125070000 from './20261125070000_release_plans';
import * as m20261125071500 from './20261125071500_impact_metrics';
import * as m20261125072000 from './20261125072000_feature_lifecycles';
import * as m20261125164500 from './20261125164500_blast_radius_contexts';
import * as m20261125165000 from './20261125165000_insight_snapshots';
import * as m20261125174500 from './20261125174500_safeguard_checks';
import * as m20261125174700 from './20261125174700_signals_actions';
import * as m20261125194502 from './20261125194502_scim_provisioning';
import * as m20261125194508 from './20261125194508_login_history';
import * as m20261125194533 from './20261125194533_instance_admin';
import * as m20261125194550 from './20261125194550_notifications_feedback_favorites';
import * as m20261125195251 from './20261125195251_sso_transient';
import * as m20261125195308 from './20261125195308_addons';
import * as m20261125232500 from './20261125232500_events_notify';
import * as m20261125232600 from './20261125232600_bundle_trusted_keys';
import * as m20261125233000 from './20261125233000_edge';
import * as m20261128141811 from './20261128141811_builtin_strategy_titles';
import * as m20261128144000 from './20261128144000_seeded_token_names';
import * as m20261128144322 from './20261128144322_builtin_context_descriptions';
import * as m20261128150000 from './20261128150000_event_groups';
import * as m20261128150500 from './20261128150500_cdn_tokens_edge_licensing';
import * as m20261128151000 from './20261128151000_traffic_usage';
import * as m20261128163149 from './20261128163149_start_first_milestone_of_waiting_plans';
import * as m20261128224904 from './20261128224904_backfill_flags_last_seen_from_metrics';
import * as m20261128225921 from './20261128225921_client_metrics_last_reported_at';
import * as m20261128230000 from './20261128230000_password_change_required';
import * as m20261129054253 from './20261129054253_experiments';
import * as m20261129061000 from './20261129061000_impact_metric_configs';
import * as m20261129061019 from './20261129061019_flag_manifest_values';
import * as m20261129063600 from './20261129063600_code_references';

/** Every migration, in order. Add new ones at the end; never edit or remove a landed one. */
export const migrations: Record<string, Migration> = {
  '20261122000000_initial': initial,
  '20261122103000_flag_model': flagModel,
  '20261122104000_client_metrics': clientMetrics,
  '20261122110000_identity_access': identityAccess,
  '20261125025031_unknown_flags': m20261125025031,
  '20261125031454_login_attempts': m20261125031454,
  '20261125031943_invite_link_secret_hash': m20261125031943,
  '20261125062000_change_requests': m20261125062000,
  '20261125070000_release_plans': m20261125070000,
  '20261125071500_impact_metrics': m20261125071500,
  '20261125072000_feature_lifecycles': m20261125072000,
  '20261125164500_blast_radius_contexts': m20261125164500,
  '20261125165000_insight_snapshots': m20261125165000,
  '20261125174500_safeguard_checks': m20261125174500,
  '20261125174700_signals_actions': m20261125174700,
  '20261125194502_scim_provisioning': m20261125194502,
  '20261125194508_login_history': m20261125194508,
  '20261125194533_instance_admin': m20261125194533,
  '20261125194550_notifications_feedback_favorites': m20261125194550,
  '20261125195251_sso_transient': m20261125195251,
  '20261125195308_addons': m20261125195308,
  '20261125232500_events_notify': m20261125232500,
  '20261125232600_bundle_trusted_keys': m20261125232600,
  '20261125233000_edge': m20261125233000,
  '20261128141811_builtin_strategy_titles': m20261128141811,
  '20261128144000_seeded_token_names': m20261128144000,
  '20261128144322_builtin_context_descriptions': m20261128144322,
  '20261128150000_event_groups': m20261128150000,
  '20261128150500_cdn_tokens_edge_licensing': m20261128150500,
  '20261128151000_traffic_usage': m20261128151000,
  '20261128163149_start_first_milestone_of_waiting_plans': m20261128163149,
  '20261128224904_backfill_flags_last_seen_from_metrics': m20261128224904,
  '20261128225921_client_metrics_last_reported_at': m20261128225921,
  '20261128230000_password_change_required': m20261128230000,
  '20261129054253_experiments': m20261129054253,
  '20261129061000_impact_metric_configs': m20261129061000,
  '20261129061019_flag_manifest_values': m20261129061019,
  '20261129063600_code_references': m20261129063600,
};
