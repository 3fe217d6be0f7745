import type { PersonalDashboard, PersonalDashboardProjectDetails } from '../../../../server/contract';
import type { AdminApi } from '../../api/admin-api';

/** The personal dashboard (Unleash's `/personal`; shared/unleash/API.md §6 "Personal dashboard"). */
export const PERSONAL_DASHBOARD_KEY = 'personal-dashboard';

export const getPersonalDashboard = (api: AdminApi, signal?: AbortSignal) =>
  api.client.get<PersonalDashboard>('/api/admin/personal-dashboard', undefined, signal);

export const personalProjectKey = (projectId: string) => `personal-dashboard/${projectId}`;

export const getPersonalProject = (api: AdminApi, projectId: string, signal?: AbortSignal) =>
  api.client.get<PersonalDashboardProjectDetails>(
    `/api/admin/personal-dashboard/${encodeURIComponent(projectId)}`,
    undefined,
    signal,
  );

/** Event summaries are markdown (`**alice** created flag **x**`); the dashboard shows plain text. */
export const plainSummary = (summary: string | null): string =>
  summary === null ? '' : summary.replace(/\*\*|__|`/g, '');

const ONBOARDING: Record<string, string> = {
  'onboarding-started': 'No flag yet: create the first one',
  'first-flag-created': 'First flag created: connect an SDK to see it evaluated',
  'sdk-connected': 'An SDK is connected: metrics show once it evaluates a flag',
  onboarded: 'Onboarded: an SDK reports this project’s flags',
};

/** What the project's onboarding status means for its members, in words. */
export const onboardingText = (status: string): string => ONBOARDING[status] ?? status;
