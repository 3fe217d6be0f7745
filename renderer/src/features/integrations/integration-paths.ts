/** The integrations screen's pages (`/integrations/…`), as Unleash's console names them. */
export type IntegrationsPage =
  | { page: 'gallery' }
  | { page: 'create'; provider: string }
  | { page: 'edit'; id: number }
  | { page: 'history'; id: number };

export const INTEGRATIONS_PATH = '/integrations';

export const createIntegrationPath = (provider: string) =>
  `${INTEGRATIONS_PATH}/create/${encodeURIComponent(provider)}`;
export const editIntegrationPath = (id: number) => `${INTEGRATIONS_PATH}/edit/${id}`;
export const integrationHistoryPath = (id: number) => `${INTEGRATIONS_PATH}/edit/${id}/history`;

/** The page a path under /integrations names; anything else is the gallery. */
export function integrationsPageOf(path: string): IntegrationsPage {
  const create = /^\/integrations\/create\/([^/]+)$/.exec(path);
  if (create?.[1]) {
    try {
      return { page: 'create', provider: decodeURIComponent(create[1]) };
    } catch {
      return { page: 'gallery' };
    }
  }
  const edit = /^\/integrations\/edit\/([1-9][0-9]{0,9})(\/history)?$/.exec(path);
  if (edit?.[1]) return { page: edit[2] ? 'history' : 'edit', id: Number(edit[1]) };
  return { page: 'gallery' };
}
