import { useLocation } from '../../router/navigation';
import { ConfigureIntegrationPage } from './ConfigureIntegrationPage';
import { IntegrationHistoryPage } from './IntegrationHistoryPage';
import { IntegrationsGallery } from './IntegrationsGallery';
import { integrationsPageOf } from './integration-paths';

/**
 * Integrations (issue 16): the gallery at `/integrations`, a provider's configuration at
 * `/integrations/create/:provider` and `/integrations/edit/:id`, deliveries at `…/edit/:id/history`.
 */
export function IntegrationsScreen() {
  const { path } = useLocation();
  const page = integrationsPageOf(path);
  switch (page.page) {
    case 'create':
      return <ConfigureIntegrationPage key={`create:${page.provider}`} providerName={page.provider} />;
    case 'edit':
      return <ConfigureIntegrationPage key={`edit:${page.id}`} id={page.id} />;
    case 'history':
      return <IntegrationHistoryPage key={page.id} id={page.id} />;
    default:
      return <IntegrationsGallery />;
  }
}
