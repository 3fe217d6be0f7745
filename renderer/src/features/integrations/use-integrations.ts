import { useServerData } from '../../stores/use-server-data';
import { integrationsApi } from './integrations-api';

/** The configured integrations and the providers, one query every integrations page shares (and keeps offline). */
export function useIntegrations() {
  return useServerData('addons', (api) => integrationsApi(api.client).list());
}
