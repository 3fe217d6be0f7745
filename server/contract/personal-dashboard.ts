import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';
import { OnboardingStatusSchema } from './projects';

/**
 * The personal dashboard (issue 31 §5; SCHEMAS.md personalDashboardSchema and
 * personalDashboardProjectDetailsSchema): the signed-in user's flags and projects, who to ask
 * for access, and per project its insights, onboarding, latest events, owners and the user's roles.
 */

const UserOwnerSchema = Type.Object({
  ownerType: Type.Literal('user'),
  name: Type.String(),
  imageUrl: Type.Optional(Nullable(Type.String())),
  email: Type.Optional(Nullable(Type.String())),
});

export const PersonalDashboardSchema = Type.Object({
  admins: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.Optional(Type.String()),
      username: Type.Optional(Type.String()),
      imageUrl: Type.Optional(Type.String()),
      email: Type.Optional(Type.String()),
    }),
  ),
  projectOwners: Type.Array(UserOwnerSchema),
  projects: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      health: Type.Integer({ minimum: 0 }),
      technicalDebt: Type.Integer({ minimum: 0, maximum: 100 }),
      memberCount: Type.Integer({ minimum: 0 }),
      featureCount: Type.Integer({ minimum: 0 }),
    }),
  ),
  flags: Type.Array(Type.Object({ name: Type.String(), project: Type.String(), type: Type.String() })),
});
export type PersonalDashboard = Static<typeof PersonalDashboardSchema>;

export const PersonalDashboardProjectDetailsSchema = Type.Object({
  insights: Type.Object({
    avgHealthCurrentWindow: Nullable(Type.Integer({ minimum: 0 })),
    avgHealthPastWindow: Nullable(Type.Integer({ minimum: 0 })),
    totalFlags: Type.Integer({ minimum: 0 }),
    activeFlags: Type.Integer({ minimum: 0 }),
    staleFlags: Type.Integer({ minimum: 0 }),
    potentiallyStaleFlags: Type.Integer({ minimum: 0 }),
    health: Type.Integer({ minimum: 0 }),
    technicalDebt: Type.Integer({ minimum: 0, maximum: 100 }),
  }),
  onboardingStatus: OnboardingStatusSchema,
  latestEvents: Type.Array(
    Type.Object({
      id: Type.Integer({ minimum: 1 }),
      summary: Nullable(Type.String()),
      createdBy: Type.String(),
      createdByImageUrl: Type.String(),
      createdAt: DateTimeSchema,
    }),
  ),
  owners: Type.Union([
    Type.Array(
      Type.Union([UserOwnerSchema, Type.Object({ ownerType: Type.Literal('group'), name: Type.String() })]),
    ),
    Type.Array(Type.Object({ ownerType: Type.Literal('system') })),
  ]),
  roles: Type.Array(
    Type.Object({
      name: Type.String(),
      id: Type.Integer(),
      type: Type.Union([Type.Literal('custom'), Type.Literal('project')]),
    }),
  ),
});
export type PersonalDashboardProjectDetails = Static<typeof PersonalDashboardProjectDetailsSchema>;
