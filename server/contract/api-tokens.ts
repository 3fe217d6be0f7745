import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';

/**
 * API tokens (shared/unleash/API.md §4; SCHEMAS.md apiTokenSchema, createApiTokenSchema,
 * createProjectApiTokenSchema, updateApiTokenSchema, tokenStringListSchema,
 * validatedEdgeTokensSchema). Beyond Unleash: only a hash of each secret is stored, so `secret`
 * appears once, in the answer to the creation; lists carry the non-secret `prefix`, which the
 * `{token}` path parameters accept as well as the whole secret.
 */

export const API_TOKEN_TYPES = ['client', 'admin', 'frontend', 'backend'] as const;

export const ApiTokenSchema = Type.Object({
  secret: Type.Optional(Nullable(Type.String())),
  prefix: Type.String(),
  tokenName: Type.String(),
  type: Type.Enum(API_TOKEN_TYPES),
  environment: Type.Optional(Type.String()),
  project: Type.Optional(Type.String()),
  projects: Type.Array(Type.String()),
  expiresAt: Type.Optional(Nullable(DateTimeSchema)),
  createdAt: DateTimeSchema,
  seenAt: Type.Optional(Nullable(DateTimeSchema)),
  alias: Type.Optional(Nullable(Type.String())),
  secure: Type.Optional(Nullable(Type.Boolean())),
});
export type ApiToken = Static<typeof ApiTokenSchema>;

export const ApiTokensSchema = Type.Object({ tokens: Type.Array(ApiTokenSchema) });
export type ApiTokens = Static<typeof ApiTokensSchema>;

/** client, backend (an alias of client) or frontend, in any letter case; admin tokens come only from configuration. */
const CreatableTokenType = Type.String({
  pattern: '^([Cc][Ll][Ii][Ee][Nn][Tt]|[Bb][Aa][Cc][Kk][Ee][Nn][Dd]|[Ff][Rr][Oo][Nn][Tt][Ee][Nn][Dd])$',
});

export const CreateApiTokenSchema = Type.Object(
  {
    tokenName: Type.String({ minLength: 1 }),
    type: CreatableTokenType,
    environment: Type.Optional(Type.String({ minLength: 1 })),
    project: Type.Optional(Type.String({ minLength: 1 })),
    projects: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })),
    expiresAt: Type.Optional(DateTimeSchema),
  },
  { description: 'Unknown properties are ignored, as Unleash does.' },
);
export type CreateApiToken = Static<typeof CreateApiTokenSchema>;

export const CreateProjectApiTokenSchema = Type.Object(
  {
    tokenName: Type.String({ minLength: 1 }),
    type: CreatableTokenType,
    environment: Type.Optional(Type.String({ minLength: 1 })),
    expiresAt: Type.Optional(DateTimeSchema),
  },
  { description: 'Unknown properties are ignored, as Unleash does.' },
);
export type CreateProjectApiToken = Static<typeof CreateProjectApiTokenSchema>;

export const UpdateApiTokenSchema = Type.Object(
  { expiresAt: DateTimeSchema },
  { description: 'Unknown properties are ignored, as Unleash does.' },
);
export type UpdateApiToken = Static<typeof UpdateApiTokenSchema>;

export const ApiTokenParamsSchema = Type.Object({ token: Type.String() });
export const ApiTokenNameParamsSchema = Type.Object({ name: Type.String() });
export const ProjectApiTokenParamsSchema = Type.Object({ projectId: Type.String(), token: Type.String() });

/** Most tokens one `POST /edge/validate` may ask about (an Edge instance sends its few configured ones). */
export const EDGE_VALIDATE_MAX_TOKENS = 5000;

export const TokenStringListSchema = Type.Object(
  { tokens: Type.Array(Type.String({ maxLength: 1000 }), { maxItems: EDGE_VALIDATE_MAX_TOKENS }) },
  { description: 'Unknown properties are ignored, as Unleash does.' },
);

export const EdgeTokenSchema = Type.Object({
  token: Type.String(),
  type: Type.Enum(API_TOKEN_TYPES),
  projects: Type.Array(Type.String()),
  environment: Type.String(),
});
export const ValidatedEdgeTokensSchema = Type.Object({ tokens: Type.Array(EdgeTokenSchema) });
export type ValidatedEdgeTokens = Static<typeof ValidatedEdgeTokensSchema>;

/**
 * `POST /edge/issue-token` (edgeEnvironmentProjectsListSchema): the scopes an Edge asks tokens
 * for. Bounded: the route is open to anyone holding the Edge client secret, and each new scope
 * creates a token.
 */
export const EdgeEnvironmentProjectsListSchema = Type.Object(
  {
    tokens: Type.Array(
      Type.Object(
        {
          environment: Type.String({ minLength: 1, maxLength: 100 }),
          projects: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 100 }),
        },
        { additionalProperties: true },
      ),
      { maxItems: 50 },
    ),
  },
  { additionalProperties: true },
);
export type EdgeEnvironmentProjectsList = Static<typeof EdgeEnvironmentProjectsListSchema>;

/** What Unleash answers when a signed Edge request is refused: `{error}`, not the usual error body. */
export const EdgeHmacErrorSchema = Type.Object({ error: Type.String() });

/**
 * A CDN token (cdnApiTokenSchema, issue 31 §5): a frontend API token of one project (or all)
 * and environment. Switchyard serves the frontend API itself, so the token works there.
 */
export const CdnApiTokenSchema = Type.Object(
  {
    tokenName: Type.String({ minLength: 1 }),
    project: Type.Optional(Type.String({ minLength: 1 })),
    environment: Type.String({ minLength: 1 }),
    expiresAt: Type.Optional(Nullable(DateTimeSchema)),
  },
  { description: 'Unknown properties are ignored, as Unleash does.' },
);
export type CdnApiToken = Static<typeof CdnApiTokenSchema>;
export const CdnApiTokensSchema = Type.Object({ tokens: Type.Array(CdnApiTokenSchema) });
export type CdnApiTokens = Static<typeof CdnApiTokensSchema>;
/**
 * The 202 of `POST /api/admin/cdn/tokens`: Unleash declares no body; Switchyard sends the token
 * with its `secret`, which is shown this once (the list never carries secrets).
 */
export const CreatedCdnApiTokenSchema = Type.Object({
  tokenName: Type.String(),
  project: Type.Optional(Type.String()),
  environment: Type.String(),
  expiresAt: Type.Optional(Nullable(DateTimeSchema)),
  secret: Type.String(),
});
export type CreatedCdnApiToken = Static<typeof CreatedCdnApiTokenSchema>;
