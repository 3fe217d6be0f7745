import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';
import { RoleSchema } from './roles';
import { UserSchema } from './users';

/** Public invite links (shared/unleash/API.md §10.4; SCHEMAS.md publicSignupToken*Schema, createInvitedUserSchema). */

export const PublicSignupTokenSchema = Type.Object({
  secret: Type.String(),
  url: Nullable(Type.String()),
  name: Type.String(),
  enabled: Type.Boolean(),
  expiresAt: DateTimeSchema,
  createdAt: DateTimeSchema,
  createdBy: Nullable(Type.String()),
  users: Type.Optional(Nullable(Type.Array(UserSchema))),
  role: RoleSchema,
});
export type PublicSignupToken = Static<typeof PublicSignupTokenSchema>;

export const PublicSignupTokensSchema = Type.Object({ tokens: Type.Array(PublicSignupTokenSchema) });

export const PublicSignupTokenCreateSchema = Type.Object(
  { name: Type.String({ minLength: 1 }), expiresAt: DateTimeSchema },
  { additionalProperties: false },
);
export type PublicSignupTokenCreate = Static<typeof PublicSignupTokenCreateSchema>;

export const PublicSignupTokenUpdateSchema = Type.Object(
  { expiresAt: Type.Optional(DateTimeSchema), enabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type PublicSignupTokenUpdate = Static<typeof PublicSignupTokenUpdateSchema>;

export const CreateInvitedUserSchema = Type.Object(
  {
    username: Type.Optional(Type.String({ minLength: 1 })),
    email: Type.String({ minLength: 1 }),
    name: Type.String(),
    password: Type.String(),
  },
  { additionalProperties: false },
);
export type CreateInvitedUser = Static<typeof CreateInvitedUserSchema>;

export const SignupTokenParamsSchema = Type.Object({ token: Type.String() });
