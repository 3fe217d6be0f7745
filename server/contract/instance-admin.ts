import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';

/**
 * Running the instance (issue 19): banners, maintenance mode, per-user splash dialogs, the
 * license and reported console errors, in Unleash's shapes (shared/unleash/SCHEMAS.md
 * bannerSchema, maintenanceSchema, splashResponseSchema, licenseReadSchema, licenseCheckSchema,
 * recordUiErrorSchema). `uiErrorsSchema` is Switchyard's own (Unleash only records).
 */

export const BANNER_VARIANTS = ['info', 'warning', 'error', 'success'] as const;
export type BannerVariant = (typeof BANNER_VARIANTS)[number];
/** Bounds on banner text: a banner is a line of markdown, its dialog a page at most. */
export const BANNER_MESSAGE_MAX = 1000;
export const BANNER_DIALOG_MAX = 10_000;
export const BANNER_LINK_MAX = 2000;
/** The banner `link` that opens its `dialog` instead of a page (Unleash's banner, issue 31 §4). */
export const BANNER_DIALOG_LINK = 'dialog';

/**
 * A banner link that is a path of the console (`/admin/service-accounts`), opened in place as
 * Unleash's console does. Never another host however spelled (`//host`, `/\host`), nor control
 * characters a browser would strip.
 */
export function isBannerConsolePath(link: string): boolean {
  if (!link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return false;
  for (const char of link) if (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) return false;
  return true;
}

/** At most this many banners exist at a time. */
export const MAX_BANNERS = 100;

const Optional = <T extends Parameters<typeof Nullable>[0]>(schema: T) => Type.Optional(Nullable(schema));

export const BannerSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  message: Type.String(),
  enabled: Type.Boolean(),
  variant: Type.String(),
  sticky: Type.Boolean(),
  icon: Nullable(Type.String()),
  link: Nullable(Type.String()),
  linkText: Nullable(Type.String()),
  dialogTitle: Nullable(Type.String()),
  dialog: Nullable(Type.String()),
  createdAt: DateTimeSchema,
});
export type Banner = Static<typeof BannerSchema>;

export const BannersSchema = Type.Object({ banners: Type.Array(BannerSchema) });
export type Banners = Static<typeof BannersSchema>;

export const CreateBannerSchema = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: BANNER_MESSAGE_MAX }),
    enabled: Type.Optional(Type.Boolean()),
    variant: Type.Optional(
      Type.Union([
        Type.Literal('info'),
        Type.Literal('warning'),
        Type.Literal('error'),
        Type.Literal('success'),
      ]),
    ),
    sticky: Type.Optional(Type.Boolean()),
    icon: Optional(Type.String({ maxLength: 100 })),
    link: Optional(Type.String({ maxLength: BANNER_LINK_MAX })),
    linkText: Optional(Type.String({ maxLength: 200 })),
    dialogTitle: Optional(Type.String({ maxLength: 200 })),
    dialog: Optional(Type.String({ maxLength: BANNER_DIALOG_MAX })),
  },
  { additionalProperties: false },
);
export type CreateBanner = Static<typeof CreateBannerSchema>;

export const BannerIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export const MaintenanceSchema = Type.Object({ enabled: Type.Boolean() });
export type Maintenance = Static<typeof MaintenanceSchema>;
export const ToggleMaintenanceSchema = Type.Object(
  { enabled: Type.Boolean() },
  { additionalProperties: false },
);

/** The splash id of the console's first-run welcome dialog. */
export const WELCOME_SPLASH_ID = 'welcome';
export const SplashParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.-]+$' }),
});
export const SplashResponseSchema = Type.Object({
  userId: Type.Integer(),
  splashId: Type.String(),
  seen: Type.Boolean(),
});
export type SplashResponse = Static<typeof SplashResponseSchema>;

export const LicenseReadSchema = Type.Object({
  token: Type.Optional(Type.String()),
  isValid: Type.Boolean(),
  customer: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  instanceName: Type.Optional(Type.String()),
  instanceId: Type.Optional(Type.String()),
  plan: Type.Optional(Type.String()),
  resources: Type.Optional(
    Type.Object({
      seats: Type.Optional(Type.Number()),
      releaseTemplates: Type.Optional(Type.Number()),
      edgeInstances: Type.Optional(Type.Number()),
      readOnlyUsers: Type.Optional(Type.Number()),
    }),
  ),
  expireAt: Type.Optional(DateTimeSchema),
  issuedAt: Type.Optional(DateTimeSchema),
});
export type LicenseRead = Static<typeof LicenseReadSchema>;
export const LicenseUpdateSchema = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 10_000 }) },
  { additionalProperties: false },
);
export const LicenseCheckSchema = Type.Object({
  isValid: Type.Boolean(),
  message: Type.Optional(Type.String()),
  messageType: Type.Optional(
    Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('error')]),
  ),
});
export type LicenseCheck = Static<typeof LicenseCheckSchema>;

/** Bounds on a reported console error: longer text is cut, not refused (a crash must be heard). */
export const UI_ERROR_MESSAGE_MAX = 2000;
export const UI_ERROR_STACK_MAX = 20_000;
export const UI_ERRORS_KEPT = 1000;
export const RecordUiErrorSchema = Type.Object(
  {
    errorMessage: Type.String({ maxLength: 100_000 }),
    errorStack: Type.Optional(Type.String({ maxLength: 200_000 })),
  },
  { additionalProperties: true },
);
export type RecordUiError = Static<typeof RecordUiErrorSchema>;
export const UiErrorSchema = Type.Object({
  id: Type.Integer(),
  errorMessage: Type.String(),
  errorStack: Nullable(Type.String()),
  userId: Nullable(Type.Integer()),
  createdAt: DateTimeSchema,
});
export type UiError = Static<typeof UiErrorSchema>;
export const UiErrorsSchema = Type.Object({ uiErrors: Type.Array(UiErrorSchema) });
export type UiErrors = Static<typeof UiErrorsSchema>;

/**
 * `GET /api/admin/telemetry/settings` (telemetrySettingsSchema): Switchyard sends no version
 * checks and no feature-usage telemetry anywhere, so both answer false.
 */
export const TelemetrySettingsSchema = Type.Object({
  versionInfoCollectionEnabled: Type.Boolean(),
  featureInfoCollectionEnabled: Type.Boolean(),
});
export type TelemetrySettings = Static<typeof TelemetrySettingsSchema>;

/** Days of history in `GET /api/admin/licensed-users`, today included. */
export const LICENSED_USERS_HISTORY_DAYS = 30;
/**
 * `GET /api/admin/licensed-users` (licensedUsersSchema): the human users (not service accounts)
 * per day. `seatCount` is 0: there is no licence, so no seat limit (license-routes.ts).
 */
export const LicensedUsersSchema = Type.Object({
  seatCount: Type.Integer({ minimum: 0 }),
  licensedUsers: Type.Object({
    history: Type.Array(Type.Object({ date: DateTimeSchema, count: Type.Integer({ minimum: 0 }) })),
    current: Type.Integer({ minimum: 0 }),
  }),
});
export type LicensedUsers = Static<typeof LicensedUsersSchema>;
