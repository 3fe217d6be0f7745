import type { ReactNode } from 'react';
import { EmailPreviewTab } from '../email-preview/index';
import { AboutTab } from './AboutTab';
import { BannersTab } from './BannersTab';
import { MaintenanceTab } from './MaintenanceTab';
import { SdkConnectionsTab } from './SdkConnectionsTab';
import { UiErrorsTab } from './UiErrorsTab';

export interface InstanceAdminTab {
  /** In the URL: `/admin/instance?tab=<value>`. */
  value: string;
  label: string;
  render: () => ReactNode;
}

/**
 * The tabs of the instance screen (`/admin/instance`), in order. Another area adds its tab here
 * with one entry (its component stays in its own feature folder).
 */
export const INSTANCE_ADMIN_TABS: readonly InstanceAdminTab[] = [
  { value: 'banners', label: 'Banners', render: () => <BannersTab /> },
  { value: 'maintenance', label: 'Maintenance', render: () => <MaintenanceTab /> },
  { value: 'sdk-connections', label: 'SDK connections', render: () => <SdkConnectionsTab /> },
  { value: 'ui-errors', label: 'Console errors', render: () => <UiErrorsTab /> },
  { value: 'emails', label: 'E-mails', render: () => <EmailPreviewTab /> },
  { value: 'about', label: 'About', render: () => <AboutTab /> },
];
