import { type Static, type TSchema, Type } from 'typebox';

/**
 * The IPC contract between the console (renderer) and the Electron main process.
 * Every channel is declared here with its payload schemas; the preload refuses
 * anything undeclared and main re-validates channel, sender origin and payload
 * (STYLE.md convention 8). Responses are closed objects so main can refuse to
 * send a field nobody declared, which is how a stray secret would leak.
 */
export const IPC_CHANNEL_PREFIX = 'switchyard:';

const closed = { additionalProperties: false } as const;

export const EmptyRequestSchema = Type.Object({}, closed);

export const ServerStateSchema = Type.Union([
  Type.Literal('stopped'),
  Type.Literal('starting'),
  Type.Literal('running'),
  Type.Literal('crashed'),
  Type.Literal('failed'),
]);
export type ServerState = Static<typeof ServerStateSchema>;

export const ServerExitSchema = Type.Object(
  {
    code: Type.Union([Type.Integer(), Type.Null()]),
    signal: Type.Union([Type.String(), Type.Null()]),
    at: Type.String(),
  },
  closed,
);
export type ServerExit = Static<typeof ServerExitSchema>;

export const ServerStatusSchema = Type.Object(
  {
    state: ServerStateSchema,
    /** Loopback URL of the admin API and console; null until the server answers /health. */
    url: Type.Union([Type.String(), Type.Null()]),
    pid: Type.Union([Type.Integer(), Type.Null()]),
    restarts: Type.Integer({ minimum: 0 }),
    lastExit: Type.Union([ServerExitSchema, Type.Null()]),
    nextRestartAt: Type.Union([Type.String(), Type.Null()]),
    message: Type.Union([Type.String(), Type.Null()]),
  },
  closed,
);
export type ServerStatus = Static<typeof ServerStatusSchema>;

export const ServerLogStreamSchema = Type.Union([
  Type.Literal('stdout'),
  Type.Literal('stderr'),
  Type.Literal('host'),
]);

export const ServerLogLineSchema = Type.Object(
  {
    seq: Type.Integer({ minimum: 1 }),
    at: Type.String(),
    stream: ServerLogStreamSchema,
    text: Type.String(),
  },
  closed,
);
export type ServerLogLine = Static<typeof ServerLogLineSchema>;

export const ServerLogsRequestSchema = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000 })),
    afterSeq: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  closed,
);
export type ServerLogsRequest = Static<typeof ServerLogsRequestSchema>;

export const ServerLogsResponseSchema = Type.Object({ lines: Type.Array(ServerLogLineSchema) }, closed);

/** A server profile names a server the console manages; `local` is the embedded one. */
export const ServerProfileIdSchema = Type.String({ pattern: '^[a-z0-9][a-z0-9._-]{0,63}$' });

/** The credentials the console may ask main to store for a server profile. */
export const RendererSecretKeySchema = Type.Union([
  Type.Literal('admin-token'),
  Type.Literal('personal-access-token'),
]);
export type RendererSecretKey = Static<typeof RendererSecretKeySchema>;

/**
 * Everything main keeps in the keychain: the console's credentials, and the embedded database
 * password, the secrets encryption key and the bundle signing key (Ed25519, PKCS#8 DER in
 * base64), which main creates itself and which no IPC request
 * can set or delete.
 */
export const SecretKeySchema = Type.Union([
  Type.Literal('admin-token'),
  Type.Literal('personal-access-token'),
  Type.Literal('embedded-database-password'),
  Type.Literal('secrets-encryption-key'),
  Type.Literal('bundle-signing-key'),
  /** The session a browser sign-in (OIDC/SAML, RFC 8252 loopback) handed the desktop app. */
  Type.Literal('sso-session'),
]);
export type SecretKey = Static<typeof SecretKeySchema>;

export const SecretsAvailabilitySchema = Type.Object(
  {
    available: Type.Boolean(),
    reason: Type.Union([Type.String(), Type.Null()]),
  },
  closed,
);
export type SecretsAvailability = Static<typeof SecretsAvailabilitySchema>;

export const SecretsListRequestSchema = Type.Object({ profile: ServerProfileIdSchema }, closed);
/** Key names only: a stored value never travels back to the renderer. */
export const SecretsListResponseSchema = Type.Object({ keys: Type.Array(SecretKeySchema) }, closed);

export const SecretsSetRequestSchema = Type.Object(
  {
    profile: ServerProfileIdSchema,
    key: RendererSecretKeySchema,
    value: Type.String({ minLength: 1, maxLength: 4096 }),
  },
  closed,
);
export const SecretsSetResponseSchema = Type.Object({ stored: Type.Literal(true) }, closed);

/** The console may also forget a browser sign-in's session (signing out); only main ever stores one. */
export const SecretsDeleteRequestSchema = Type.Object(
  { profile: ServerProfileIdSchema, key: Type.Union([RendererSecretKeySchema, Type.Literal('sso-session')]) },
  closed,
);
export const SecretsDeleteResponseSchema = Type.Object({ deleted: Type.Boolean() }, closed);

const PortSchema = Type.Integer({ minimum: 1, maximum: 65535 });
/** IP literals only (main re-checks with node:net); host names would need DNS to know what they bind. */
const IpLiteralSchema = Type.String({ pattern: '^[0-9A-Fa-f:.]{2,45}$' });

export const NetworkSettingsSchema = Type.Object(
  {
    /** Admin API and console listener; loopback unless the user deliberately opens it. */
    adminHost: IpLiteralSchema,
    adminPort: PortSchema,
    /** A second listener that serves only the SDK surfaces (client, frontend, health). */
    sdkEnabled: Type.Boolean(),
    sdkHost: IpLiteralSchema,
    sdkPort: PortSchema,
  },
  closed,
);
export type NetworkSettings = Static<typeof NetworkSettingsSchema>;

export const SdkAddressSchema = Type.Object(
  {
    interface: Type.String(),
    family: Type.Union([Type.Literal('IPv4'), Type.Literal('IPv6')]),
    address: Type.String(),
    url: Type.String(),
  },
  closed,
);
export type SdkAddress = Static<typeof SdkAddressSchema>;

export const NetworkInfoSchema = Type.Object(
  {
    settings: NetworkSettingsSchema,
    addresses: Type.Array(SdkAddressSchema),
    /** True when the saved settings differ from those the running server was started with. */
    restartRequired: Type.Boolean(),
  },
  closed,
);
export type NetworkInfo = Static<typeof NetworkInfoSchema>;

export const UpdaterPhaseSchema = Type.Union([
  Type.Literal('disabled'),
  Type.Literal('idle'),
  Type.Literal('checking'),
  Type.Literal('not-available'),
  Type.Literal('downloading'),
  Type.Literal('downloaded'),
  Type.Literal('error'),
]);
export type UpdaterPhase = Static<typeof UpdaterPhaseSchema>;

export const UpdaterStateSchema = Type.Object(
  {
    phase: UpdaterPhaseSchema,
    version: Type.Union([Type.String(), Type.Null()]),
    percent: Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()]),
    message: Type.Union([Type.String(), Type.Null()]),
    lastCheckAt: Type.Union([Type.String(), Type.Null()]),
    /** The update feed checked: an on-prem mirror or the build's publish URL; null when unknown or disabled. */
    feedUrl: Type.Union([Type.String(), Type.Null()]),
  },
  closed,
);
export type UpdaterState = Static<typeof UpdaterStateSchema>;

export const UpdaterInstallResponseSchema = Type.Object({ accepted: Type.Boolean() }, closed);

export const AppInfoSchema = Type.Object(
  {
    name: Type.String(),
    version: Type.String(),
    platform: Type.String(),
    packaged: Type.Boolean(),
  },
  closed,
);
export type AppInfo = Static<typeof AppInfoSchema>;

export const RelaunchResponseSchema = Type.Object({ relaunching: Type.Literal(true) }, closed);

/** Views main may ask the console to show, e.g. from the application menu. */
export const ShowViewSchema = Type.Object(
  { view: Type.Union([Type.Literal('server-logs'), Type.Literal('settings')]) },
  closed,
);
export type ShowView = Static<typeof ShowViewSchema>;

/**
 * The origin of a remote server profile (`https://flags.example.com`, no path), which main adds to the
 * window's connect-src and signs with that profile's token. Main re-checks it: https, or http on loopback.
 */
export const ServerOriginSchema = Type.String({
  minLength: 8,
  maxLength: 300,
  pattern: '^https?://[^/?#@\\s]+$',
});

export const ProfileOriginSchema = Type.Object(
  { profile: ServerProfileIdSchema, origin: ServerOriginSchema },
  closed,
);
export type ProfileOrigin = Static<typeof ProfileOriginSchema>;

export const ProfileOriginsSchema = Type.Object({ origins: Type.Array(ProfileOriginSchema) }, closed);

export const ProfileOriginRegisterResponseSchema = Type.Object(
  {
    /**
     * True when the origin is new to the window's CSP: a page keeps the policy it was loaded with,
     * so the console reloads before it can call the new server.
     */
    reloadRequired: Type.Boolean(),
    origins: Type.Array(ProfileOriginSchema),
  },
  closed,
);

export const ProfileOriginUnregisterRequestSchema = Type.Object({ profile: ServerProfileIdSchema }, closed);
export const ProfileOriginUnregisterResponseSchema = Type.Object({ removed: Type.Boolean() }, closed);

export const OpenExternalRequestSchema = Type.Object({ url: Type.String({ maxLength: 2048 }) }, closed);
export const OpenExternalResponseSchema = Type.Object({ opened: Type.Boolean() }, closed);

/** Single sign-on in the system browser (RFC 8252), for the embedded server or a remote profile. */
export const SsoBrowserSignInRequestSchema = Type.Object(
  {
    profile: ServerProfileIdSchema,
    method: Type.Union([Type.Literal('oidc'), Type.Literal('saml')]),
  },
  closed,
);
export type SsoBrowserSignInRequest = Static<typeof SsoBrowserSignInRequestSchema>;
/** The token itself stays in main and the keychain; the console learns only that it is signed in. */
export const SsoBrowserSignInResponseSchema = Type.Object(
  { signedIn: Type.Literal(true), expiresAt: Type.String() },
  closed,
);

export const IpcErrorNameSchema = Type.Union([
  Type.Literal('UnknownChannelError'),
  Type.Literal('ForbiddenSenderError'),
  Type.Literal('ValidationError'),
  Type.Literal('KeychainUnavailableError'),
  Type.Literal('InvalidSettingsError'),
  Type.Literal('SignInError'),
  Type.Literal('InternalError'),
]);
export type IpcErrorName = Static<typeof IpcErrorNameSchema>;

/**
 * The only error shape that crosses to the renderer: a stable name to match on, a message for people,
 * and, when the error concerns one field of the payload, that field's name (to show the message beside it).
 */
export const IpcErrorSchema = Type.Object(
  { name: IpcErrorNameSchema, message: Type.String(), field: Type.Optional(Type.String()) },
  closed,
);
export type IpcError = Static<typeof IpcErrorSchema>;

type ChannelName = `switchyard:${string}`;

export const IPC_INVOKE_CHANNELS = {
  'switchyard:app:info': { request: EmptyRequestSchema, response: AppInfoSchema },
  'switchyard:app:open-external': {
    request: OpenExternalRequestSchema,
    response: OpenExternalResponseSchema,
  },
  /** Network settings take effect on relaunch: the console's origin may change with them. */
  'switchyard:app:relaunch': { request: EmptyRequestSchema, response: RelaunchResponseSchema },
  'switchyard:server:status': { request: EmptyRequestSchema, response: ServerStatusSchema },
  'switchyard:server:logs': { request: ServerLogsRequestSchema, response: ServerLogsResponseSchema },
  'switchyard:server:restart': { request: EmptyRequestSchema, response: ServerStatusSchema },
  'switchyard:secrets:availability': { request: EmptyRequestSchema, response: SecretsAvailabilitySchema },
  'switchyard:secrets:list': { request: SecretsListRequestSchema, response: SecretsListResponseSchema },
  'switchyard:secrets:set': { request: SecretsSetRequestSchema, response: SecretsSetResponseSchema },
  'switchyard:secrets:delete': { request: SecretsDeleteRequestSchema, response: SecretsDeleteResponseSchema },
  'switchyard:auth:sign-in-with-browser': {
    request: SsoBrowserSignInRequestSchema,
    response: SsoBrowserSignInResponseSchema,
  },
  'switchyard:network:get': { request: EmptyRequestSchema, response: NetworkInfoSchema },
  'switchyard:network:set': { request: NetworkSettingsSchema, response: NetworkInfoSchema },
  'switchyard:profiles:origins': { request: EmptyRequestSchema, response: ProfileOriginsSchema },
  'switchyard:profiles:register-origin': {
    request: ProfileOriginSchema,
    response: ProfileOriginRegisterResponseSchema,
  },
  'switchyard:profiles:unregister-origin': {
    request: ProfileOriginUnregisterRequestSchema,
    response: ProfileOriginUnregisterResponseSchema,
  },
  'switchyard:updater:status': { request: EmptyRequestSchema, response: UpdaterStateSchema },
  'switchyard:updater:check': { request: EmptyRequestSchema, response: UpdaterStateSchema },
  'switchyard:updater:install': { request: EmptyRequestSchema, response: UpdaterInstallResponseSchema },
} as const satisfies Record<ChannelName, { request: TSchema; response: TSchema }>;

/** Main-to-renderer notifications; the payload is validated in main before it is sent. */
export const IPC_EVENT_CHANNELS = {
  'switchyard:app:show-view': ShowViewSchema,
  'switchyard:server:status-changed': ServerStatusSchema,
  'switchyard:server:log': ServerLogLineSchema,
  'switchyard:updater:state-changed': UpdaterStateSchema,
} as const satisfies Record<ChannelName, TSchema>;

export type IpcInvokeChannel = keyof typeof IPC_INVOKE_CHANNELS;
export type IpcRequest<C extends IpcInvokeChannel> = Static<(typeof IPC_INVOKE_CHANNELS)[C]['request']>;
export type IpcResponse<C extends IpcInvokeChannel> = Static<(typeof IPC_INVOKE_CHANNELS)[C]['response']>;

export type IpcEventChannel = keyof typeof IPC_EVENT_CHANNELS;
export type IpcEventPayload<E extends IpcEventChannel> = Static<(typeof IPC_EVENT_CHANNELS)[E]>;

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export function isIpcInvokeChannel(value: unknown): value is IpcInvokeChannel {
  return typeof value === 'string' && Object.hasOwn(IPC_INVOKE_CHANNELS, value);
}

export function isIpcEventChannel(value: unknown): value is IpcEventChannel {
  return typeof value === 'string' && Object.hasOwn(IPC_EVENT_CHANNELS, value);
}

/** What the preload exposes as `window.switchyard`; the renderer's platform layer codes against this. */
export interface SwitchyardBridge {
  invoke<C extends IpcInvokeChannel>(channel: C, payload: IpcRequest<C>): Promise<IpcResult<IpcResponse<C>>>;
  on<E extends IpcEventChannel>(channel: E, listener: (payload: IpcEventPayload<E>) => void): () => void;
}
