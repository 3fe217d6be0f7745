import { createPrivateKey, X509Certificate } from 'node:crypto';
import {
  BUILT_IN_ROLE_IDS,
  type LoginOption,
  type OidcSettings,
  type SamlSettings,
  SECRET_MASK,
  type SSO_ROOT_ROLES,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import type { AuditActor } from '../../lib/caller';
import { badData } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { appendEvent } from '../events';
import { readSetting, SETTING_NAMES, type SsoProvider, writeSetting } from './sso-store';

/** Binds the sealed client secret to its place, so a ciphertext copied elsewhere does not open. */
export const OIDC_SECRET_CONTEXT = 'sso:oidc:clientSecret';
export const SAML_SP_KEY_CONTEXT = 'sso:saml:spPrivateKey';
const OPTIONS_CACHE_MS = 5000;

/** What is stored for SAML: the settings, with the SP's private key sealed instead of in clear. */
type StoredSaml = Omit<SamlSettings, 'spPrivateKey'> & { sealedSpKey?: string };

export type SamlRuntimeSettings = Omit<SamlSettings, 'spPrivateKey'> & {
  entityId: string;
  signOnUrl: string;
  certificate: string;
  /** Present only with `spCertificate`: the pair signs what the SP sends. */
  spSigning?: { privateKey: string; certificate: string };
};

/** A PEM certificate, or the bare base64 body admins often paste. */
export function pemCertificate(certificate: string): string {
  const trimmed = certificate.trim();
  if (trimmed.includes('BEGIN CERTIFICATE')) return trimmed;
  return `-----BEGIN CERTIFICATE-----\n${trimmed.replace(/\s+/g, '')}\n-----END CERTIFICATE-----`;
}

/** The SP certificate and key must parse and belong together, or nothing would verify at the IdP. */
function checkSpKeyPair(certificate: string | undefined, privateKey: string): void {
  const refuse = (message: string, path: string) => badData(message, [{ message, path }]);
  if (!certificate?.trim())
    throw refuse('spPrivateKey needs spCertificate, the certificate of that key', 'spCertificate');
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pemCertificate(certificate));
  } catch {
    throw refuse('spCertificate is not a PEM certificate', 'spCertificate');
  }
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey(privateKey);
  } catch {
    throw refuse('spPrivateKey is not an unencrypted PEM private key', 'spPrivateKey');
  }
  if (!cert.checkPrivateKey(key))
    throw refuse('spPrivateKey does not belong to spCertificate', 'spPrivateKey');
}

/** What is stored for OIDC: the settings, with the secret sealed instead of in clear. */
type StoredOidc = Omit<OidcSettings, 'secret'> & { sealedSecret?: string };

export interface OidcRuntimeSettings extends Omit<OidcSettings, 'secret'> {
  enabled: boolean;
  discoverUrl: string;
  clientId: string;
  secret: string;
}

function httpUrl(value: string | undefined, field: string): void {
  if (value === undefined || value === '') return;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badData(`${field} must be an absolute URL`, [
      { message: `${field} must be an absolute URL`, path: field },
    ]);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw badData(`${field} must be an http(s) URL`, [
      { message: `${field} must be an http(s) URL`, path: field },
    ]);
  }
}

function required(value: string | undefined, field: string): void {
  if (!value?.trim()) {
    throw badData(`${field} is required when enabled`, [
      { message: `${field} is required when enabled`, path: field },
    ]);
  }
}

/** Unleash sends the default root role by name and by id; the id of a built-in role wins if both. */
function withRoleId<T extends { defaultRootRole?: string; defaultRootRoleId?: number }>(settings: T): T {
  const role = settings.defaultRootRole as (typeof SSO_ROOT_ROLES)[number] | undefined;
  if (role && settings.defaultRootRoleId === undefined) {
    return { ...settings, defaultRootRoleId: BUILT_IN_ROLE_IDS[role] };
  }
  return settings;
}

export type SsoSettingsService = ReturnType<typeof createSsoSettingsService>;

/** Reading and changing the OIDC and SAML settings; each change and its event in one transaction. */
export function createSsoSettingsService(db: Db, secrets: SecretBox) {
  let optionsCache: { at: number; options: Promise<LoginOption[]> } | undefined;

  async function record(provider: SsoProvider, content: object, actor: AuditActor, trx: Queryable) {
    await writeSetting(trx, provider, content as Record<string, unknown>);
    const { sealedSecret: _sealed, sealedSpKey: _sealedKey, ...visible } = content as Record<string, unknown>;
    await appendEvent(trx, {
      type: 'setting-updated',
      ...actor,
      data: { id: SETTING_NAMES[provider], ...visible },
    });
  }

  const maskOidc = (stored: StoredOidc): OidcSettings => {
    const { sealedSecret, ...rest } = stored;
    return { enabled: false, ...rest, ...(sealedSecret ? { secret: SECRET_MASK } : {}) };
  };

  const maskSaml = (stored: StoredSaml): SamlSettings => {
    const { sealedSpKey, ...rest } = stored;
    return { enabled: false, ...rest, ...(sealedSpKey ? { spPrivateKey: SECRET_MASK } : {}) };
  };

  return {
    async getOidc(): Promise<OidcSettings> {
      return maskOidc((await readSetting(db, 'oidc')) as StoredOidc);
    },

    async setOidc(body: OidcSettings, actor: AuditActor): Promise<OidcSettings> {
      optionsCache = undefined;
      httpUrl(body.discoverUrl, 'discoverUrl');
      return inTransaction(db, async (trx) => {
        const before = (await readSetting(trx, 'oidc')) as StoredOidc;
        const { secret, ...rest } = body;
        let sealedSecret = before.sealedSecret;
        if (secret !== undefined && secret !== SECRET_MASK) {
          if (secret === '') sealedSecret = undefined;
          else if (!secrets.available) {
            throw badData(
              'The client secret cannot be stored: set SECRETS_ENCRYPTION_KEY (32 random bytes, openssl rand -hex 32) so it is kept encrypted',
              [{ message: 'SECRETS_ENCRYPTION_KEY is not configured', path: 'secret' }],
            );
          } else sealedSecret = secrets.seal(secret, OIDC_SECRET_CONTEXT);
        }
        if (rest.enabled) {
          required(rest.discoverUrl, 'discoverUrl');
          required(rest.clientId, 'clientId');
          if (!sealedSecret) required(undefined, 'secret');
        }
        const stored: StoredOidc = { ...withRoleId(rest), ...(sealedSecret ? { sealedSecret } : {}) };
        await record('oidc', stored, actor, trx);
        return maskOidc(stored);
      });
    },

    async getSaml(): Promise<SamlSettings> {
      return maskSaml((await readSetting(db, 'saml')) as StoredSaml);
    },

    async setSaml(body: SamlSettings, actor: AuditActor): Promise<SamlSettings> {
      optionsCache = undefined;
      httpUrl(body.signOnUrl, 'signOnUrl');
      httpUrl(body.signOutUrl, 'signOutUrl');
      if (body.enabled) {
        required(body.entityId, 'entityId');
        required(body.signOnUrl, 'signOnUrl');
        required(body.certificate, 'certificate');
      }
      return inTransaction(db, async (trx) => {
        const before = (await readSetting(trx, 'saml')) as StoredSaml;
        const { spPrivateKey, ...rest } = body;
        let sealedSpKey = before.sealedSpKey;
        if (spPrivateKey !== undefined && spPrivateKey !== SECRET_MASK) {
          if (spPrivateKey === '') sealedSpKey = undefined;
          else if (!secrets.available) {
            throw badData(
              'The SP private key cannot be stored: set SECRETS_ENCRYPTION_KEY (32 random bytes, openssl rand -hex 32) so it is kept encrypted',
              [{ message: 'SECRETS_ENCRYPTION_KEY is not configured', path: 'spPrivateKey' }],
            );
          } else {
            checkSpKeyPair(rest.spCertificate, spPrivateKey);
            sealedSpKey = secrets.seal(spPrivateKey, SAML_SP_KEY_CONTEXT);
          }
        } else if (sealedSpKey) {
          // The kept key must still match the certificate sent now.
          checkSpKeyPair(rest.spCertificate, secrets.open(sealedSpKey, SAML_SP_KEY_CONTEXT));
        }
        const stored: StoredSaml = { ...withRoleId(rest), ...(sealedSpKey ? { sealedSpKey } : {}) };
        await record('saml', stored, actor, trx);
        return maskSaml(stored);
      });
    },

    /**
     * The enabled single sign-on methods as a 401 lists them (`{type, message, path}`), cached a few
     * seconds since every anonymous request may ask; `base` is BASE_URI_PATH.
     */
    loginOptions(base: string): Promise<LoginOption[]> {
      if (optionsCache && Date.now() - optionsCache.at < OPTIONS_CACHE_MS) return optionsCache.options;
      const options = Promise.all([readSetting(db, 'oidc'), readSetting(db, 'saml')]).then(([oidc, saml]) => [
        ...(oidc.enabled
          ? [{ type: 'oidc', message: 'Sign in with OpenID Connect', path: `${base}/auth/oidc/login` }]
          : []),
        ...(saml.enabled
          ? [{ type: 'saml', message: 'Sign in with SAML 2.0', path: `${base}/auth/saml/login` }]
          : []),
      ]);
      optionsCache = { at: Date.now(), options };
      options.catch(() => {
        optionsCache = undefined;
      });
      return options;
    },

    /** The OIDC settings with the secret opened, for the login flow; undefined when disabled. */
    async oidcRuntime(): Promise<OidcRuntimeSettings | undefined> {
      const stored = (await readSetting(db, 'oidc')) as StoredOidc;
      if (!stored.enabled || !stored.discoverUrl || !stored.clientId || !stored.sealedSecret)
        return undefined;
      const { sealedSecret, ...rest } = stored;
      return {
        ...rest,
        enabled: true,
        discoverUrl: stored.discoverUrl,
        clientId: stored.clientId,
        secret: secrets.open(sealedSecret, OIDC_SECRET_CONTEXT),
      };
    },

    async samlRuntime(): Promise<SamlRuntimeSettings | undefined> {
      const { sealedSpKey, ...stored } = (await readSetting(db, 'saml')) as StoredSaml;
      if (!stored.enabled || !stored.entityId || !stored.signOnUrl || !stored.certificate) return undefined;
      return {
        ...stored,
        entityId: stored.entityId,
        signOnUrl: stored.signOnUrl,
        certificate: stored.certificate,
        ...(sealedSpKey && stored.spCertificate
          ? {
              spSigning: {
                privateKey: secrets.open(sealedSpKey, SAML_SP_KEY_CONTEXT),
                certificate: pemCertificate(stored.spCertificate),
              },
            }
          : {}),
      };
    },
  };
}
