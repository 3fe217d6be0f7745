import type { Config } from '../config';
import type { Db } from '../db/database';
import {
  accessOverviewRoutes,
  callerHas,
  createProjectCatalog,
  createRoleService,
  hiddenProjectsOf,
  permissionDenied,
  roleRoutes,
} from '../features/access';
import { apiTokenRoutes, createApiTokenService, edgeIssueTokenRoutes } from '../features/api-tokens';
import {
  authRoutes,
  createAuthenticator,
  createBootstrap,
  createPasswordLoginSettings,
  deleteSessionsOfUser,
  passwordSettingsRoutes,
} from '../features/auth';
import { createMailer, emailRoutes, userMailOf } from '../features/email';
import { createGroupService, groupRoutes } from '../features/groups';
import { loginHistoryRoutes } from '../features/login-history';
import { createPatService, patRoutes } from '../features/personal-access-tokens';
import { createProjectAccessService, projectAccessRoutes } from '../features/project-access';
import { createSignupTokenService, signupTokenRoutes } from '../features/public-signup';
import {
  createScimGroupService,
  createScimSettingsService,
  createScimUserService,
  SCIM_PATH,
  scimAdminRoutes,
  scimRoutes,
} from '../features/scim';
import { createServiceAccountService, serviceAccountRoutes } from '../features/service-accounts';
import {
  createOidcClient,
  createProvisioning,
  createSamlServiceProvider,
  createSsoLoginService,
  createSsoSettingsService,
  onSsoLogin,
  ssoRoutes,
} from '../features/sso';
import { createUserService, userRoutes } from '../features/users';
import type { App } from '../http/app-type';
import { registerAuthGuard, type SdkCredentials } from '../http/auth-guard';
import type { Logger } from '../lib/logger';
import { createSecretBox } from '../lib/secret-box';

interface IdentityDependencies {
  config: Config;
  db: Db;
  logger: Logger;
}

/** The services of users, tokens, roles, groups, service accounts, invite links, SCIM and SSO. */
function createIdentityServices({ config, db, logger }: IdentityDependencies) {
  const catalog = createProjectCatalog(db);
  const apiTokens = createApiTokenService({ db, catalog, logger });
  const pats = createPatService({ db, logger });
  const mailer = createMailer(config.email, logger);
  const users = createUserService(db, {
    credentialsChanged: deleteSessionsOfUser,
    mail: userMailOf(mailer),
    loginLocked: (info) => logger.warn(info, 'login locked after repeated failed attempts'),
  });
  const groups = createGroupService(db, users);
  const ssoSettings = createSsoSettingsService(db, createSecretBox(config.secretsKey));
  return {
    catalog,
    apiTokens,
    pats,
    mailer,
    users,
    groups,
    roles: createRoleService(db, catalog),
    serviceAccounts: createServiceAccountService(db, users, pats),
    invites: createSignupTokenService(db, users),
    access: createProjectAccessService(db, { users, groups, catalog }),
    authenticator: createAuthenticator({ db, users, apiTokens, pats }),
    bootstrap: createBootstrap({ db, config, logger, users, apiTokens }),
    passwordLogin: createPasswordLoginSettings(db, {
      baseUriPath: config.baseUriPath,
      breakGlass: config.allowPasswordLogin,
    }),
    scimSettings: createScimSettingsService(db),
    scimUsers: createScimUserService(db, { users, endSessions: deleteSessionsOfUser }),
    scimGroups: createScimGroupService(db),
    ssoSettings,
    ssoLogins: createSsoLoginService(db, {
      settings: ssoSettings,
      provisioning: createProvisioning(db, { users, groups }),
      oidc: createOidcClient(),
      saml: createSamlServiceProvider(db),
      users,
      sessionTtlMs: config.sessionTtlHours * 3600 * 1000,
      logger,
      onSsoLogin: (event) => onSsoLogin(db, logger, event),
    }),
  };
}

type IdentityServices = ReturnType<typeof createIdentityServices>;

/** The identity and access routes under BASE_URI_PATH, and SCIM under its own path. */
async function registerIdentityRoutes(
  app: App,
  { config, db }: IdentityDependencies,
  services: IdentityServices,
  ready: () => Promise<void>,
): Promise<void> {
  const { users, groups, apiTokens, passwordLogin, scimSettings, scimUsers, scimGroups } = services;
  await app.register(
    async (scoped) => {
      await scoped.register(authRoutes, {
        db,
        config,
        users,
        groups,
        ready,
        passwordLogin,
        singleSignOutUrl: services.ssoLogins.singleSignOutUrl,
      });
      await scoped.register(passwordSettingsRoutes, { passwordLogin });
      await scoped.register(scimAdminRoutes, { settings: scimSettings, scimUsers, scimGroups });
      await scoped.register(ssoRoutes, {
        settings: services.ssoSettings,
        logins: services.ssoLogins,
        config,
        loginRateLimitPerMinute: config.loginRateLimitPerMinute,
      });
      await scoped.register(userRoutes, { users, config });
      await scoped.register(apiTokenRoutes, { tokens: apiTokens });
      await scoped.register(edgeIssueTokenRoutes, {
        db,
        tokens: apiTokens,
        clientSecret: config.edgeClientSecret,
      });
      await scoped.register(patRoutes, { pats: services.pats });
      await scoped.register(roleRoutes, { roles: services.roles });
      await scoped.register(accessOverviewRoutes, { db });
      await scoped.register(groupRoutes, { groups });
      await scoped.register(serviceAccountRoutes, { serviceAccounts: services.serviceAccounts });
      await scoped.register(signupTokenRoutes, { invites: services.invites, config });
      await scoped.register(projectAccessRoutes, { access: services.access });
      await scoped.register(loginHistoryRoutes, { db });
      await scoped.register(emailRoutes, { config });
    },
    { prefix: config.baseUriPath },
  );
  await app.register(scimRoutes, {
    prefix: `${config.baseUriPath}${SCIM_PATH}`,
    config,
    settings: scimSettings,
    scimUsers,
    scimGroups,
  });
}

/**
 * Composition of identity and access (issue 3): the services of users, tokens, roles, groups,
 * service accounts and invite links, the auth guard in front of every route, their routes under
 * BASE_URI_PATH, first-start bootstrap when the app is ready, and flushing on close. Returns the
 * guard's credential check, for the SDK fast path to accept exactly the same tokens.
 */
export async function registerIdentity(
  app: App,
  deps: IdentityDependencies,
): Promise<
  SdkCredentials & {
    ssoEnabled: () => Promise<{ oidc: boolean; saml: boolean }>;
    /** Another instance changed API tokens: look them up again instead of trusting the cache. */
    tokensChanged: () => void;
    /** Edge's `seenTokens` (bulk metrics): moves those tokens' "last seen". */
    markTokensSeen: (secrets: readonly string[]) => Promise<void>;
  }
> {
  const { config, db, logger } = deps;
  const services = createIdentityServices(deps);
  const { apiTokens, authenticator, catalog, passwordLogin, ssoSettings } = services;
  // Once bootstrapped, a cached token's caller can be answered synchronously (knownCaller).
  let bootstrapped = false;
  const ready = async () => {
    await services.bootstrap();
    bootstrapped = true;
  };

  await registerAuthGuard(app, {
    baseUriPath: config.baseUriPath,
    ready,
    fromAuthorization: authenticator.fromAuthorization,
    fromSession: authenticator.fromSession,
    allows: callerHas,
    denied: permissionDenied,
    projectOfFeature: catalog.projectOfFeature,
    hiddenProjects: (caller) => hiddenProjectsOf(db, caller),
    // The sign-in methods, password first, then single sign-on (issue 20), for the 401's options.
    signInMethods: async () => [
      await passwordLogin.method(),
      ...(await ssoSettings.loginOptions(config.baseUriPath).catch(() => [])),
    ],
  });

  app.addHook('onReady', async () => {
    // Every API token in memory (issue 31), read in the background: until then tokens are looked up.
    apiTokens.start();
    // A failure here (database unreachable) is retried by the first request that needs identity.
    await ready().catch((error) => logger.error({ err: error }, 'could not prepare users and API tokens'));
  });
  app.addHook('onClose', async () => {
    await apiTokens.close();
    await services.pats.close();
    await services.mailer.close();
  });
  await registerIdentityRoutes(app, deps, services, ready);
  /** Which single sign-on methods are on, for the instance statistics (issue 19). */
  const ssoEnabled = async () => {
    const options = await ssoSettings.loginOptions(config.baseUriPath);
    return { oidc: options.some((o) => o.type === 'oidc'), saml: options.some((o) => o.type === 'saml') };
  };
  return {
    ready,
    fromAuthorization: authenticator.fromAuthorization,
    knownCaller: (secret) => (bootstrapped ? authenticator.knownCaller(secret) : undefined),
    ssoEnabled,
    tokensChanged: apiTokens.forgetCached,
    markTokensSeen: apiTokens.markSeenBySecrets,
  };
}
