import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';
import { PatSchema } from './personal-access-tokens';
import { RoleSchema } from './roles';

/** Service accounts (shared/unleash/API.md §10.5; SCHEMAS.md serviceAccountSchema and friends). */

export const ServiceAccountSchema = Type.Object({
  id: Type.Number(),
  isAPI: Type.Optional(Type.Boolean()),
  name: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  username: Type.Optional(Type.String()),
  imageUrl: Type.Optional(Type.String()),
  rootRole: Type.Optional(Type.Integer()),
  seenAt: Type.Optional(Nullable(DateTimeSchema)),
  createdAt: Type.Optional(DateTimeSchema),
  tokens: Type.Optional(Type.Array(PatSchema)),
});
export type ServiceAccount = Static<typeof ServiceAccountSchema>;

export const ServiceAccountsSchema = Type.Object({
  serviceAccounts: Type.Array(ServiceAccountSchema),
  rootRoles: Type.Optional(Type.Array(RoleSchema)),
});

export const CreateServiceAccountSchema = Type.Object(
  {
    username: Type.String({ minLength: 1 }),
    name: Type.String({ minLength: 1 }),
    rootRole: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type CreateServiceAccount = Static<typeof CreateServiceAccountSchema>;

export const UpdateServiceAccountSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1 })),
    rootRole: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type UpdateServiceAccount = Static<typeof UpdateServiceAccountSchema>;

export const ServiceAccountIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 0 }) });
export const ServiceAccountTokenParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 0 }),
  tokenId: Type.Integer({ minimum: 0 }),
});
