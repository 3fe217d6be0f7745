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

interface SettingsDeps {
  db: Db;
  secrets: SecretBox;
}

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

/** The sealed client secret after a change: kept (masked or absent), cleared (''), or the new one sealed. */
function nextSealedSecret(secrets: SecretBox, secret: string | undefined, kept: string | undefined) {
  if (secret === undefined || secret === SECRET_MASK) return kept;
  if (secret === '') return undefined;
  if (!secrets.available) {
    throw badData(
      'The client secret cannot be stored: set SECRETS_ENCRYPTION_KEY (32 random bytes, openssl rand -hex 32) so it is kept encrypted',
      [{ message: 'SECRETS_ENCRYPTION_KEY is not configured', path: 'secret' }],
    );
  }
  return secrets.seal(secret, OIDC_SECRET_CONTEXT);
}

async function setOidc({ db, secrets }: SettingsDeps, body: OidcSettings, actor: AuditActor) {
  httpUrl(body.discoverUrl, 'discoverUrl');
  return inTransaction(db, async (trx) => {
    const before = (await readSetting(trx, 'oidc')) as StoredOidc;
    const { secret, ...rest } = body;
    const sealedSecret = nextSealedSecret(secrets, secret, before.sealedSecret);
    if (rest.enabled) {
      required(rest.discoverUrl, 'discoverUrl');
      required(rest.clientId, 'clientId');
      if (!sealedSecret) required(undefined, 'secret');
    }
    const stored: StoredOidc = { ...withRoleId(rest), ...(sealedSecret ? { sealedSecret } : {}) };
    await record('oidc', stored, actor, trx);
    return maskOidc(stored);
  });
}

/**
 * The sealed SP key after a change: kept (masked or absent; it must still match the certificate
 * sent now), cleared (''), or the new one checked against the certificate and sealed.
 */
function nextSealedSpKey(
  secrets: SecretBox,
  spPrivateKey: string | undefined,
  spCertificate: string | undefined,
  kept: string | undefined,
) {
  if (spPrivateKey === undefined || spPrivateKey === SECRET_MASK) {
    if (kept) checkSpKeyPair(spCertificate, secrets.open(kept, SAML_SP_KEY_CONTEXT));
    return kept;
  }
  if (spPrivateKey === '') return undefined;
  if (!secrets.available) {
    throw badData(
      'The SP private key cannot be stored: set SECRETS_ENCRYPTION_KEY (32 random bytes, openssl rand -hex 32) so it is kept encrypted',
      [{ message: 'SECRETS_ENCRYPTION_KEY is not configured', path: 'spPrivateKey' }],
    );
  }
  checkSpKeyPair(spCertificate, spPrivateKey);
  return secrets.seal(spPrivateKey, SAML_SP_KEY_CONTEXT);
}

async function setSaml({ db, secrets }: SettingsDeps, body: SamlSettings, actor: AuditActor) {
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
    const sealedSpKey = nextSealedSpKey(secrets, spPrivateKey, rest.spCertificate, before.sealedSpKey);
    const stored: StoredSaml = { ...withRoleId(rest), ...(sealedSpKey ? { sealedSpKey } : {}) };
    await record('saml', stored, actor, trx);
    return maskSaml(stored);
  });
}

/** The enabled single sign-on methods as a 401 lists them (`{type, message, path}`). */
async function readLoginOptions(db: Db, base: string): Promise<LoginOption[]> {
  const [oidc, saml] = await Promise.all([readSetting(db, 'oidc'), readSetting(db, 'saml')]);
  return [
    ...(oidc.enabled
      ? [{ type: 'oidc', message: 'Sign in with OpenID Connect', path: `${base}/auth/oidc/login` }]
      : []),
    ...(saml.enabled
      ? [{ type: 'saml', message: 'Sign in with SAML 2.0', path: `${base}/auth/saml/login` }]
      : []),
  ];
}

/** The OIDC settings with the secret opened, for the login flow; undefined when disabled. */
async function oidcRuntime({ db, secrets }: SettingsDeps): Promise<OidcRuntimeSettings | undefined> {
  const stored = (await readSetting(db, 'oidc')) as StoredOidc;
  if (!stored.enabled || !stored.discoverUrl || !stored.clientId || !stored.sealedSecret) return undefined;
  const { sealedSecret, ...rest } = stored;
  return {
    ...rest,
    enabled: true,
    discoverUrl: stored.discoverUrl,
    clientId: stored.clientId,
    secret: secrets.open(sealedSecret, OIDC_SECRET_CONTEXT),
  };
}

/** The SAML settings with the SP key opened, for the login flow; undefined when disabled. */
async function samlRuntime({ db, secrets }: SettingsDeps): Promise<SamlRuntimeSettings | undefined> {
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
}

/** Reading and changing the OIDC and SAML settings; each change and its event in one transaction. */
export function createSsoSettingsService(db: Db, secrets: SecretBox) {
  const deps: SettingsDeps = { db, secrets };
  let optionsCache: { at: number; options: Promise<LoginOption[]> } | undefined;

  return {
    async getOidc(): Promise<OidcSettings> {
      return maskOidc((await readSetting(db, 'oidc')) as StoredOidc);
    },

    async setOidc(body: OidcSettings, actor: AuditActor): Promise<OidcSettings> {
      optionsCache = undefined;
      return setOidc(deps, body, actor);
    },

    async getSaml(): Promise<SamlSettings> {
      return maskSaml((await readSetting(db, 'saml')) as StoredSaml);
    },

    async setSaml(body: SamlSettings, actor: AuditActor): Promise<SamlSettings> {
      optionsCache = undefined;
      return setSaml(deps, body, actor);
    },

    /**
     * The enabled single sign-on methods as a 401 lists them (`{type, message, path}`), cached a few
     * seconds since every anonymous request may ask; `base` is BASE_URI_PATH.
     */
    loginOptions(base: string): Promise<LoginOption[]> {
      if (optionsCache && Date.now() - optionsCache.at < OPTIONS_CACHE_MS) return optionsCache.options;
      const options = readLoginOptions(db, base);
      optionsCache = { at: Date.now(), options };
      options.catch(() => {
        optionsCache = undefined;
      });
      return options;
    },

    oidcRuntime: () => oidcRuntime(deps),
    samlRuntime: () => samlRuntime(deps),
  };
}
