/** Single sign-on (OIDC, SAML) for other domains and the composition root. See README.md. */
export { createOidcClient } from './oidc-client';
export { createProvisioning, SsoRefusal } from './provisioning';
export { createSamlServiceProvider } from './saml-sp';
export { onSsoLogin } from './sso-login-hook';
export { createSsoLoginService, type SsoLoginEvent, type SsoLoginService } from './sso-login-service';
export { ssoRoutes } from './sso-routes';
export { createSsoSettingsService, type SsoSettingsService } from './sso-settings-service';
