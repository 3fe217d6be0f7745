import { deleteSessionsOfUser } from '../auth';
import { SsoRefusal } from './provisioning';
import type { SamlEndpoints, SamlServiceProvider, SamlSubject } from './saml-sp';
import type { SsoLoginContext } from './sso-login-context';
import { groupsFromClaim } from './sso-rules';
import type { SsoSettingsService } from './sso-settings-service';

type SamlProfile = Awaited<ReturnType<SamlServiceProvider['validate']>>;

/** The e-mail and display name an assertion carries, under whichever attribute the IdP used. */
function identityOf(profile: SamlProfile): { email: string | undefined; name: string | undefined } {
  const email = [
    profile.email,
    profile.mail,
    profile['urn:oid:0.9.2342.19200300.100.1.3'],
    profile.nameID,
  ].find((value): value is string => typeof value === 'string' && value.includes('@'));
  const name = [profile.displayName, profile.name, profile.cn].find(
    (value): value is string => typeof value === 'string',
  );
  return { email, name };
}

/** Whom the IdP signed in, kept to name them again in a LogoutRequest. */
function subjectOf(profile: SamlProfile): SamlSubject {
  return {
    nameID: profile.nameID,
    nameIDFormat: profile.nameIDFormat,
    ...(typeof profile.sessionIndex === 'string' ? { sessionIndex: profile.sessionIndex } : {}),
    ...(typeof profile.nameQualifier === 'string' ? { nameQualifier: profile.nameQualifier } : {}),
    ...(typeof profile.spNameQualifier === 'string' ? { spNameQualifier: profile.spNameQualifier } : {}),
  };
}

/** The SAML sign-in: the AuthnRequest out, the assertion back, and the SP metadata. */
export function createSamlLogins(context: SsoLoginContext) {
  const { deps } = context;
  return {
    async startSaml(
      endpoints: SamlEndpoints,
      returnTo: string,
      desktop: string | undefined,
      desktopChallenge?: string,
    ) {
      const settings = await deps.settings.samlRuntime();
      if (!settings) throw new SsoRefusal('SAML sign-in is not enabled.');
      // The IdP posts back cross-site, where no Lax cookie comes along: RelayState carries where to
      // go (checked again on return); the request id is kept in the database by the SP library.
      const relayState = JSON.stringify({
        r: returnTo,
        ...(desktop ? { d: desktop, ...(desktopChallenge ? { c: desktopChallenge } : {}) } : {}),
      });
      return deps.saml.loginUrl(settings, endpoints, relayState);
    },

    async finishSaml(endpoints: SamlEndpoints, samlResponse: string) {
      const settings = await deps.settings.samlRuntime();
      if (!settings) throw new SsoRefusal('SAML sign-in is not enabled.');
      let profile: SamlProfile;
      try {
        profile = await deps.saml.validate(settings, endpoints, samlResponse);
      } catch (error) {
        deps.logger.warn({ err: error }, 'SAML sign-in refused');
        throw new SsoRefusal('The identity provider’s answer could not be verified.');
      }
      const groups = groupsFromClaim(profile[settings.groupJsonPath || 'groups']);
      const userId = await context.complete('saml', { ...identityOf(profile), groups }, settings);
      return { userId, subject: subjectOf(profile) };
    },

    samlMetadata: (
      endpoints: SamlEndpoints,
      settings: Awaited<ReturnType<SsoSettingsService['samlRuntime']>>,
    ) => deps.saml.metadata(settings, endpoints),
  };
}

/** SAML single logout, both directions: the IdP's answers to ours, and its own LogoutRequests. */
export function createSamlLogouts(context: SsoLoginContext) {
  const { db, deps } = context;
  return {
    /** The IdP's answer to our LogoutRequest; throws when it is not a valid success answering ours. */
    async finishSamlLogout(endpoints: SamlEndpoints, query: Record<string, string>, rawQuery: string) {
      const settings = await deps.settings.samlRuntime();
      if (!settings) throw new SsoRefusal('SAML sign-in is not enabled.');
      await deps.saml.validateLogoutResponse(settings, endpoints, query, rawQuery);
    },

    /** The IdP's LogoutResponse on the HTTP-POST binding; throws unless it answers ours with success. */
    async finishSamlPostLogout(endpoints: SamlEndpoints, samlResponse: string) {
      const settings = await deps.settings.samlRuntime();
      if (!settings) throw new SsoRefusal('SAML sign-in is not enabled.');
      await deps.saml.validatePostLogoutResponse(settings, endpoints, samlResponse);
    },

    /**
     * IdP-initiated single logout: a valid LogoutRequest ends every session of the user it names
     * (the NameID is the e-mail, as requested at sign-in). Answers where to send the browser: the
     * IdP's sign-out URL with our LogoutResponse, or undefined when none is set. Throws when the
     * request is not valid.
     */
    async takeSamlLogoutRequest(
      endpoints: SamlEndpoints,
      message: Parameters<SamlServiceProvider['validateLogoutRequest']>[2],
      relayState: string,
    ): Promise<string | undefined> {
      const settings = await deps.settings.samlRuntime();
      if (!settings) throw new SsoRefusal('SAML sign-in is not enabled.');
      const request = await deps.saml.validateLogoutRequest(settings, endpoints, message);
      const user = request.nameID.includes('@')
        ? await deps.users.findByLogin(db, request.nameID)
        : undefined;
      if (user) {
        await deleteSessionsOfUser(db, user.id);
        deps.logger.info(
          { userId: user.id },
          'SAML single logout from the identity provider ended the user’s sessions',
        );
      }
      if (!settings.signOutUrl) return undefined;
      return deps.saml.logoutResponseUrl(settings, endpoints, request, relayState);
    },
  };
}
