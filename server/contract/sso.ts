import { type Static, Type } from 'typebox';

/**
 * Single sign-on settings (issue 20; Unleash Enterprise's oidcSettingsSchema and
 * samlSettingsSchema, shared/unleash/SCHEMAS.md). The OIDC client secret is write-only: answers
 * carry SECRET_MASK in its place, and a POST carrying the mask (or no secret) keeps the stored one.
 */

export const SECRET_MASK = '********';
export const SSO_ROOT_ROLES = ['Viewer', 'Editor', 'Admin'] as const;
export const ID_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512'] as const;

const Url = Type.String({ maxLength: 2000 });
const ShortText = Type.String({ maxLength: 500 });
const RootRole = Type.Union(SSO_ROOT_ROLES.map((role) => Type.Literal(role)));
const Certificate = Type.String({ maxLength: 20000 });

const commonSettings = {
  enabled: Type.Optional(Type.Boolean()),
  autoCreate: Type.Optional(Type.Boolean()),
  defaultRootRole: Type.Optional(RootRole),
  defaultRootRoleId: Type.Optional(Type.Integer({ minimum: 1 })),
  /** Comma-separated e-mail domains allowed to sign in (empty: any). */
  emailDomains: Type.Optional(Type.String({ maxLength: 2000 })),
  enableGroupSyncing: Type.Optional(Type.Boolean()),
  /** The claim (OIDC) or attribute (SAML) listing the user's groups. */
  groupJsonPath: Type.Optional(ShortText),
};

export const OidcSettingsSchema = Type.Object(
  {
    ...commonSettings,
    discoverUrl: Type.Optional(Url),
    clientId: Type.Optional(ShortText),
    secret: Type.Optional(Type.String({ maxLength: 2000 })),
    enableSingleSignOut: Type.Optional(Type.Boolean()),
    acrValues: Type.Optional(ShortText),
    idTokenSigningAlgorithm: Type.Optional(Type.Union(ID_TOKEN_ALGORITHMS.map((alg) => Type.Literal(alg)))),
    addGroupsScope: Type.Optional(Type.Boolean()),
    enablePkce: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type OidcSettings = Static<typeof OidcSettingsSchema>;

export const SamlSettingsSchema = Type.Object(
  {
    ...commonSettings,
    entityId: Type.Optional(ShortText),
    signOnUrl: Type.Optional(Url),
    certificate: Type.Optional(Certificate),
    signOutUrl: Type.Optional(Url),
    /** The SP's signing certificate (PEM), published in the SP metadata. */
    spCertificate: Type.Optional(Certificate),
    /**
     * Switchyard's addition: the private key of `spCertificate` (PEM). Write-only (answered as the
     * mask), stored sealed; with it, AuthnRequests and LogoutRequests are signed.
     */
    spPrivateKey: Type.Optional(Certificate),
  },
  { additionalProperties: false },
);
export type SamlSettings = Static<typeof SamlSettingsSchema>;

/** One way to sign in, as Unleash lists them in a 401's `options`. */
export const LoginOptionSchema = Type.Object({
  type: Type.String(),
  message: Type.String(),
  path: Type.String(),
});
export type LoginOption = Static<typeof LoginOptionSchema>;

export const SsoLoginQuerySchema = Type.Object({
  /** A console path to land on after signing in (same origin only). */
  redirect: Type.Optional(Type.String({ maxLength: 2000 })),
  /** RFC 8252: the desktop app's loopback URL that receives a one-time code. */
  desktop: Type.Optional(Type.String({ maxLength: 200 })),
  /**
   * With `desktop`: the app's PKCE challenge (RFC 7636 S256, base64url of a SHA-256), so only the
   * app that started the sign-in can redeem the code its loopback listener receives (RFC 8252 §8.1).
   */
  desktopChallenge: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' })),
});
export type SsoLoginQuery = Static<typeof SsoLoginQuerySchema>;

export const OidcCallbackQuerySchema = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 4000 })),
    state: Type.Optional(Type.String({ maxLength: 500 })),
    error: Type.Optional(Type.String({ maxLength: 500 })),
    error_description: Type.Optional(Type.String({ maxLength: 2000 })),
    iss: Type.Optional(Type.String({ maxLength: 2000 })),
    session_state: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: true },
);

export const SamlCallbackBodySchema = Type.Object(
  {
    SAMLResponse: Type.String({ minLength: 1, maxLength: 500_000 }),
    RelayState: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: true },
);

/**
 * The IdP's LogoutResponse, or its own LogoutRequest (IdP-initiated single logout), on the
 * HTTP-Redirect binding (SAML bindings §3.4.4). One of the two is needed.
 */
export const SamlLogoutQuerySchema = Type.Object(
  {
    SAMLResponse: Type.Optional(Type.String({ minLength: 1, maxLength: 100_000 })),
    SAMLRequest: Type.Optional(Type.String({ minLength: 1, maxLength: 100_000 })),
    RelayState: Type.Optional(Type.String({ maxLength: 2000 })),
    SigAlg: Type.Optional(Type.String({ maxLength: 200 })),
    Signature: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: true },
);

/** The same on the HTTP-POST binding (what the SP metadata publishes as SingleLogoutService). */
export const SamlLogoutBodySchema = Type.Object(
  {
    SAMLResponse: Type.Optional(Type.String({ minLength: 1, maxLength: 500_000 })),
    SAMLRequest: Type.Optional(Type.String({ minLength: 1, maxLength: 500_000 })),
    RelayState: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: true },
);

export const DesktopTokenRequestSchema = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 200 }),
    /** RFC 7636 code verifier; required when the sign-in was started with `desktopChallenge`. */
    codeVerifier: Type.Optional(
      Type.String({ minLength: 43, maxLength: 128, pattern: '^[A-Za-z0-9._~-]+$' }),
    ),
  },
  { additionalProperties: false },
);
export const DesktopTokenResponseSchema = Type.Object({
  token: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type DesktopTokenResponse = Static<typeof DesktopTokenResponseSchema>;

/**
 * Switchyard (issue 33 §3): what an admin gives the identity provider, built from the server's
 * public URL (UNLEASH_URL, or the request's trusted host), so the console shows real addresses.
 */
export const SsoEndpointsSchema = Type.Object({
  /** OIDC redirect (callback) URI to register with the provider. */
  oidcRedirectUrl: Type.String(),
  /** Where the provider sends the browser after single sign-out (post-logout redirect URI). */
  signedOutUrl: Type.String(),
  /** SAML service provider entity id (audience). */
  samlEntityId: Type.String(),
  /** SAML assertion consumer service URL (HTTP-POST binding). */
  samlAcsUrl: Type.String(),
  /** SAML single logout service URL. */
  samlLogoutUrl: Type.String(),
  /** SAML service provider metadata, which most providers import in one step. */
  samlMetadataUrl: Type.String(),
});
export type SsoEndpoints = Static<typeof SsoEndpointsSchema>;
