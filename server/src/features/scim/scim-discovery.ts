import { SCIM_MAX_PAGE, SCIM_SCHEMA } from '../../../contract';

/**
 * The discovery documents of RFC 7644 §4 (shapes of RFC 7643 §5–7), describing what this
 * server actually supports: PATCH yes; bulk, sort, ETags and password change no; filters `eq`
 * joined by `and` (scim-filter.ts); bearer-token authentication.
 */
export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SCIM_SCHEMA.serviceProviderConfig],
    documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_PAGE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description:
          'The token generated in the SCIM settings (POST /api/admin/scim-settings/generate-new-token)',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string) {
  return [
    {
      schemas: [SCIM_SCHEMA.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A Switchyard user account',
      schema: SCIM_SCHEMA.user,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: [SCIM_SCHEMA.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A Switchyard user group',
      schema: SCIM_SCHEMA.group,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}

const attribute = (
  name: string,
  options: {
    type?: string;
    required?: boolean;
    multiValued?: boolean;
    uniqueness?: string;
    mutability?: string;
  } = {},
) => ({
  name,
  type: options.type ?? 'string',
  multiValued: options.multiValued ?? false,
  required: options.required ?? false,
  caseExact: false,
  mutability: options.mutability ?? 'readWrite',
  returned: options.mutability === 'writeOnly' ? 'never' : 'default',
  uniqueness: options.uniqueness ?? 'none',
});

export function schemas(baseUrl: string) {
  return [
    {
      schemas: [SCIM_SCHEMA.schema],
      id: SCIM_SCHEMA.user,
      name: 'User',
      description: 'User account',
      attributes: [
        attribute('userName', { required: true, uniqueness: 'server' }),
        attribute('externalId'),
        attribute('name', { type: 'complex' }),
        attribute('displayName'),
        attribute('emails', { type: 'complex', multiValued: true }),
        attribute('active', { type: 'boolean' }),
        attribute('password', { mutability: 'writeOnly' }),
        attribute('groups', { type: 'complex', multiValued: true, mutability: 'readOnly' }),
      ],
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${SCIM_SCHEMA.user}` },
    },
    {
      schemas: [SCIM_SCHEMA.schema],
      id: SCIM_SCHEMA.group,
      name: 'Group',
      description: 'Group',
      attributes: [
        attribute('displayName', { required: true, uniqueness: 'server' }),
        attribute('externalId'),
        attribute('members', { type: 'complex', multiValued: true }),
      ],
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${SCIM_SCHEMA.group}` },
    },
  ];
}

/** Discovery lists are ListResponses too (RFC 7644 §4). */
export function listOf(resources: unknown[]) {
  return {
    schemas: [SCIM_SCHEMA.listResponse],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
