import type { OidcSettings, SamlSettings, SsoEndpoints } from '../../../../server/contract';
import type { AdminApi } from '../../api/admin-api';

export type SsoProvider = 'oidc' | 'saml';
export type SsoSettings = OidcSettings & SamlSettings;

/** Unleash's settings operations: `GET`/`POST /api/admin/auth/{oidc|saml}/settings`. */
export function ssoApi(api: AdminApi) {
  const { client } = api;
  return {
    settings: (provider: SsoProvider) => client.get<SsoSettings>(`/api/admin/auth/${provider}/settings`),
    save: (provider: SsoProvider, settings: SsoSettings) =>
      client.post<SsoSettings>(`/api/admin/auth/${provider}/settings`, settings),
    /** Switchyard's: the addresses to give the identity provider, from the server's public URL. */
    endpoints: () => client.get<SsoEndpoints>('/api/admin/auth/sso/endpoints'),
  };
}

export interface SsoField {
  key: keyof SsoSettings;
  label: string;
  kind: 'text' | 'secret' | 'textarea' | 'switch' | 'role' | 'algorithm';
  description?: string;
}

const shared: SsoField[] = [
  { key: 'autoCreate', label: 'Create users automatically', kind: 'switch' },
  { key: 'defaultRootRole', label: 'Default root role', kind: 'role' },
  {
    key: 'emailDomains',
    label: 'E-mail domains',
    kind: 'text',
    description: 'Comma-separated; only these domains may sign in (empty: any)',
  },
  { key: 'enableGroupSyncing', label: 'Sync groups', kind: 'switch' },
  {
    key: 'groupJsonPath',
    label: 'Group claim or attribute',
    kind: 'text',
    description: "Matched against each group's SSO group mappings",
  },
];

export const SSO_FIELDS: Record<SsoProvider, SsoField[]> = {
  oidc: [
    {
      key: 'discoverUrl',
      label: 'Discover URL',
      kind: 'text',
      description: 'The issuer’s .well-known/openid-configuration',
    },
    { key: 'clientId', label: 'Client ID', kind: 'text' },
    {
      key: 'secret',
      label: 'Client secret',
      kind: 'secret',
      description: 'Write-only: leave as is to keep the stored one',
    },
    { key: 'idTokenSigningAlgorithm', label: 'ID token signing algorithm', kind: 'algorithm' },
    { key: 'acrValues', label: 'ACR values', kind: 'text' },
    { key: 'addGroupsScope', label: 'Request the groups scope', kind: 'switch' },
    { key: 'enableSingleSignOut', label: 'Single sign-out', kind: 'switch' },
    ...shared,
  ],
  saml: [
    {
      key: 'entityId',
      label: 'Entity ID',
      kind: 'text',
      description: 'The identity provider’s entity id (issuer)',
    },
    { key: 'signOnUrl', label: 'Single sign-on URL', kind: 'text' },
    { key: 'certificate', label: 'X.509 certificate', kind: 'textarea' },
    {
      key: 'signOutUrl',
      label: 'Sign-out URL',
      kind: 'text',
      description: 'The identity provider’s single logout endpoint: signing out here signs out there too',
    },
    {
      key: 'spCertificate',
      label: 'Service provider certificate',
      kind: 'textarea',
      description: 'PEM; published in the SP metadata as the signing certificate',
    },
    {
      key: 'spPrivateKey',
      label: 'Service provider private key',
      kind: 'textarea',
      description:
        'PEM, of the certificate above; signs sign-in and sign-out requests. Write-only: leave ******** to keep the stored one, empty it to remove it',
    },
    ...shared,
  ],
};
