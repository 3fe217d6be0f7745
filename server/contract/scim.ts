import { type Static, Type } from 'typebox';

/**
 * SCIM provisioning and sign-in settings (issue 20): Unleash's scimSettingsSchema,
 * setScimSettingsSchema, scimTokenSchema and passwordAuthSchema (shared/unleash/SCHEMAS.md),
 * and the SCIM 2.0 wire format of /scim/v2 (RFC 7643 resources, RFC 7644 protocol).
 */

export const ScimSettingsSchema = Type.Object({ enabled: Type.Boolean(), hasToken: Type.Boolean() });
export type ScimSettings = Static<typeof ScimSettingsSchema>;

export const SetScimSettingsSchema = Type.Object(
  { enabled: Type.Boolean() },
  { additionalProperties: false },
);
export type SetScimSettings = Static<typeof SetScimSettingsSchema>;

export const ScimTokenSchema = Type.Object({ token: Type.String() });
export type ScimToken = Static<typeof ScimTokenSchema>;

export const PasswordAuthSchema = Type.Object(
  { disabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type PasswordAuth = Static<typeof PasswordAuthSchema>;

/**
 * One way to sign in, as Unleash lists them in the `options` of its 401 AuthenticationRequired
 * body: the sign-in screen renders one entry per method (password here; OIDC and SAML add theirs).
 */
export const SignInMethodSchema = Type.Object({
  type: Type.String(),
  path: Type.String(),
  message: Type.String(),
  defaultHidden: Type.Optional(Type.Boolean()),
});
export type SignInMethod = Static<typeof SignInMethodSchema>;

export const SCIM_SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** The most list entries one page answers, and the default page size. */
export const SCIM_MAX_PAGE = 200;
/** Members one group request may name (create, replace, or one PATCH operation). */
export const SCIM_MAX_MEMBERS = 1000;

const Text = (maxLength: number) => Type.String({ maxLength });
const Schemas = Type.Array(Text(200), { maxItems: 10 });

/** RFC 7644 §3.12. `status` is a string on the wire. */
export const ScimErrorSchema = Type.Object({
  schemas: Type.Array(Type.String()),
  status: Type.String(),
  scimType: Type.Optional(Type.String()),
  detail: Type.Optional(Type.String()),
});
export type ScimError = Static<typeof ScimErrorSchema>;

const Meta = Type.Object({
  resourceType: Type.String(),
  created: Type.Optional(Type.String()),
  lastModified: Type.Optional(Type.String()),
  location: Type.String(),
});

const ScimEmail = Type.Object(
  {
    value: Text(320),
    type: Type.Optional(Text(50)),
    primary: Type.Optional(Type.Boolean()),
    display: Type.Optional(Text(320)),
  },
  { additionalProperties: true },
);

const ScimName = Type.Object(
  {
    formatted: Type.Optional(Text(255)),
    givenName: Type.Optional(Text(255)),
    familyName: Type.Optional(Text(255)),
    middleName: Type.Optional(Text(255)),
  },
  { additionalProperties: true },
);

/** What a SCIM client sends to create or replace a user; extra attributes are accepted and ignored. */
export const ScimUserInputSchema = Type.Object(
  {
    schemas: Type.Optional(Schemas),
    userName: Type.String({ minLength: 1, maxLength: 255 }),
    externalId: Type.Optional(Text(255)),
    name: Type.Optional(ScimName),
    displayName: Type.Optional(Text(255)),
    emails: Type.Optional(Type.Array(ScimEmail, { maxItems: 20 })),
    active: Type.Optional(Type.Union([Type.Boolean(), Type.Literal('True'), Type.Literal('False')])),
    password: Type.Optional(Text(200)),
  },
  { additionalProperties: true },
);
export type ScimUserInput = Static<typeof ScimUserInputSchema>;

export const ScimUserSchema = Type.Object({
  schemas: Type.Array(Type.String()),
  id: Type.String(),
  externalId: Type.Optional(Type.String()),
  userName: Type.String(),
  name: Type.Optional(Type.Object({ formatted: Type.String() })),
  displayName: Type.Optional(Type.String()),
  emails: Type.Array(Type.Object({ value: Type.String(), primary: Type.Boolean(), type: Type.String() })),
  active: Type.Boolean(),
  groups: Type.Array(Type.Object({ value: Type.String(), display: Type.String() })),
  meta: Meta,
});
export type ScimUser = Static<typeof ScimUserSchema>;

const ScimMemberInput = Type.Object(
  { value: Type.String({ minLength: 1, maxLength: 100 }), display: Type.Optional(Text(320)) },
  { additionalProperties: true },
);

export const ScimGroupInputSchema = Type.Object(
  {
    schemas: Type.Optional(Schemas),
    displayName: Type.String({ minLength: 1, maxLength: 100 }),
    externalId: Type.Optional(Text(255)),
    members: Type.Optional(Type.Array(ScimMemberInput, { maxItems: SCIM_MAX_MEMBERS })),
  },
  { additionalProperties: true },
);
export type ScimGroupInput = Static<typeof ScimGroupInputSchema>;

export const ScimGroupSchema = Type.Object({
  schemas: Type.Array(Type.String()),
  id: Type.String(),
  externalId: Type.Optional(Type.String()),
  displayName: Type.String(),
  members: Type.Optional(Type.Array(Type.Object({ value: Type.String(), display: Type.String() }))),
  meta: Meta,
});
export type ScimGroup = Static<typeof ScimGroupSchema>;

/**
 * RFC 7644 §3.5.2. `op` is matched case-insensitively (Entra ID sends "Replace"); `value` is any
 * JSON the operation's path takes, checked by the server.
 */
export const ScimPatchSchema = Type.Object(
  {
    schemas: Type.Optional(Schemas),
    Operations: Type.Array(
      Type.Object(
        {
          op: Type.String({ minLength: 1, maxLength: 20 }),
          path: Type.Optional(Text(500)),
          value: Type.Optional(Type.Unknown()),
        },
        { additionalProperties: true },
      ),
      { minItems: 1, maxItems: 100 },
    ),
  },
  { additionalProperties: true },
);
export type ScimPatch = Static<typeof ScimPatchSchema>;

export const ScimListQuerySchema = Type.Object({
  filter: Type.Optional(Type.String({ maxLength: 1000 })),
  startIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
  count: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  attributes: Type.Optional(Type.String({ maxLength: 1000 })),
  excludedAttributes: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type ScimListQuery = Static<typeof ScimListQuerySchema>;

export const ScimIdParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

const listOf = <T extends ReturnType<typeof Type.Object>>(resource: T) =>
  Type.Object({
    schemas: Type.Array(Type.String()),
    totalResults: Type.Integer(),
    startIndex: Type.Integer(),
    itemsPerPage: Type.Integer(),
    Resources: Type.Array(resource),
  });

export const ScimUserListSchema = listOf(ScimUserSchema);
export const ScimGroupListSchema = listOf(ScimGroupSchema);
export type ScimUserList = Static<typeof ScimUserListSchema>;
export type ScimGroupList = Static<typeof ScimGroupListSchema>;

/** The discovery documents (RFC 7644 §4) are fixed JSON; their shape is RFC 7643's. */
export const ScimDocumentSchema = Type.Object({}, { additionalProperties: true });
