/**
 * The wire shapes of issue 16 as SCHEMAS.md (addon*, integrationEvent*) and the shared contract
 * (notes/addons-contract.md) describe them, until server/contract/addons.ts is merged.
 */
export interface AddonParameter {
  name: string;
  displayName: string;
  type: string;
  description?: string;
  placeholder?: string;
  required: boolean;
  sensitive: boolean;
}

export interface AddonProvider {
  name: string;
  displayName: string;
  documentationUrl: string;
  description: string;
  howTo?: string;
  tagTypes?: Array<{ name: string; description?: string; icon?: string | null }>;
  parameters?: AddonParameter[];
  events?: string[];
  installation?: { url: string; title?: string; helpText?: string };
  alerts?: Array<{
    type: 'success' | 'info' | 'warning' | 'error';
    text: string;
    link?: { url: string; title?: string };
  }>;
  deprecated?: string;
}

export interface AddonDelivery {
  state: 'active' | 'paused' | 'disabled';
  pausedUntil: string | null;
  lastError: string | null;
  pendingEvents: number;
  lastDeliveredAt: string | null;
}

export interface Addon {
  id: number;
  provider: string;
  description: string | null;
  enabled: boolean;
  parameters: Record<string, unknown>;
  events: string[];
  projects?: string[];
  environments?: string[];
  delivery?: AddonDelivery;
}

export interface Addons {
  addons: Addon[];
  providers: AddonProvider[];
}

export interface AddonCreateUpdate {
  provider: string;
  description?: string;
  enabled: boolean;
  parameters: Record<string, unknown>;
  events: string[];
  projects?: string[];
  environments?: string[];
}

export interface AddonTestResult {
  ok: boolean;
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

export interface IntegrationEvent {
  id: string;
  integrationId: number;
  createdAt: string;
  state: 'success' | 'failed' | 'successWithErrors';
  stateDetails: string;
  event: {
    id: number;
    type: string;
    createdAt: string;
    createdBy: string;
    project?: string | null;
    environment?: string | null;
    featureName?: string | null;
  };
  details: {
    attempt?: number;
    statusCode?: number | null;
    error?: string | null;
    durationMs?: number;
    url?: string;
    nextAttemptAt?: string | null;
  };
}

export interface IntegrationEvents {
  integrationEvents: IntegrationEvent[];
}
