import type {
  Banner,
  Banners,
  CreateBanner,
  GettingStarted,
  LicenseCheck,
  LicenseRead,
  Maintenance,
  SplashResponse,
  UiErrors,
} from '../../../../server/contract';
import type { ApiClient } from '../../api/client';

export type { Banner, CreateBanner, UiErrors };

/** The part of `GET /api/admin/ui-config` this area reads. */
export interface InstanceUiConfig {
  version: string;
  unleashUrl: string;
  maintenanceMode?: boolean;
}

/** Banners, maintenance, splash, license and UI errors (issue 19). */
export function instanceAdminApi(client: ApiClient) {
  const banners = '/api/admin/banners';
  return {
    uiConfig: (signal?: AbortSignal) =>
      client.get<InstanceUiConfig>('/api/admin/ui-config', undefined, signal),
    listBanners: (signal?: AbortSignal) => client.get<Banners>(banners, undefined, signal),
    createBanner: (body: CreateBanner) => client.post<Banner>(banners, body),
    updateBanner: (id: number, body: CreateBanner) => client.put<Banner>(`${banners}/${id}`, body),
    setBannerEnabled: (id: number, enabled: boolean) =>
      client.post<Banner>(`${banners}/${id}/${enabled ? 'on' : 'off'}`),
    deleteBanner: (id: number) => client.delete<unknown>(`${banners}/${id}`),
    maintenance: (signal?: AbortSignal) =>
      client.get<Maintenance>('/api/admin/maintenance', undefined, signal),
    setMaintenance: (enabled: boolean) => client.post<unknown>('/api/admin/maintenance', { enabled }),
    splash: async (signal?: AbortSignal) =>
      (await client.get<{ splash?: Record<string, boolean> }>('/api/admin/user', undefined, signal)).splash,
    gettingStarted: (signal?: AbortSignal) =>
      client.get<GettingStarted>('/api/admin/getting-started', undefined, signal),
    markSplashSeen: (id: string) =>
      client.post<SplashResponse>(`/api/admin/splash/${encodeURIComponent(id)}`),
    license: (signal?: AbortSignal) => client.get<LicenseRead>('/api/admin/license', undefined, signal),
    licenseCheck: (signal?: AbortSignal) =>
      client.get<LicenseCheck>('/api/admin/license/check', undefined, signal),
    recordUiError: (errorMessage: string, errorStack?: string) =>
      client.post<unknown>('/api/admin/record-ui-error', {
        errorMessage,
        ...(errorStack === undefined ? {} : { errorStack }),
      }),
    uiErrors: (signal?: AbortSignal) => client.get<UiErrors>('/api/admin/ui-errors', undefined, signal),
  };
}
