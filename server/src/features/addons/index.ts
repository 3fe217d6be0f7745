export type { CircuitOpened } from './delivery-worker';
export { createIntegrations, type Integrations, type IntegrationsOptions } from './integrations';
export { PROVIDERS, providerDefinitions } from './providers/providers';
export {
  DELIVERY_ID_HEADER,
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  signatureHeader,
  verifySignature,
} from './webhook-signature';
