/** Signed air-gap bundles and trusted keys (issue 18). See README.md. */
export { canonicalJson, checkBundle, fingerprintOf, parsePublicKey, signBundle } from './bundle-codec';
export { bundleRoutes } from './bundle-routes';
