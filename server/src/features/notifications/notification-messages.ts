import type { NotificationType } from '../../../contract';

/**
 * What each notification says and where it leads (a console path, Unleash's UI paths). Pure, so
 * the wording is tested without a database.
 */
export type NotificationSubject =
  | {
      kind: 'change-request-in-review';
      changeRequestId: number;
      project: string;
      environment: string;
      title: string | null;
      author: string;
    }
  | {
      kind: 'scheduled-change-failed';
      changeRequestId: number;
      project: string;
      environment: string;
      reason: string;
    }
  | { kind: 'flag-potentially-stale'; featureName: string; project: string }
  | {
      kind: 'flag-changed';
      change: FlagChange;
      featureName: string;
      project: string;
      environment?: string;
      actor: string;
    }
  | { kind: 'integration-paused'; integrationId: number; provider: string; reason: string };

/** The flag changes Unleash tells project members about. */
export type FlagChange = 'created' | 'archived' | 'enabled';

const enc = encodeURIComponent;
/** Messages stay one line in the bell's list; a long reason or title is cut. */
const MAX_PART = 200;
const clip = (text: string) => (text.length > MAX_PART ? `${text.slice(0, MAX_PART - 1)}…` : text);

export function describeNotification(subject: NotificationSubject): {
  type: NotificationType;
  message: string;
  link: string;
} {
  switch (subject.kind) {
    case 'change-request-in-review': {
      const name = subject.title ? `"${clip(subject.title)}"` : `#${subject.changeRequestId}`;
      return {
        type: 'change-request',
        message: `${clip(subject.author)} asks you to review change request ${name} in ${subject.project} / ${subject.environment}`,
        link: `/projects/${enc(subject.project)}/change-requests/${subject.changeRequestId}`,
      };
    }
    case 'scheduled-change-failed':
      return {
        type: 'change-request',
        message: `Scheduled change request #${subject.changeRequestId} in ${subject.project} / ${subject.environment} failed: ${clip(subject.reason)}`,
        link: `/projects/${enc(subject.project)}/change-requests/${subject.changeRequestId}`,
      };
    case 'flag-potentially-stale':
      return {
        type: 'toggle',
        message: `Your flag ${subject.featureName} is potentially stale: it has outlived its type's expected lifetime`,
        link: `/projects/${enc(subject.project)}/features/${enc(subject.featureName)}`,
      };
    case 'flag-changed': {
      const where = subject.environment === undefined ? '' : ` in ${subject.environment}`;
      return {
        type: 'toggle',
        message: `${clip(subject.actor)} ${subject.change} the flag ${subject.featureName}${where} in ${subject.project}`,
        link: `/projects/${enc(subject.project)}/features/${enc(subject.featureName)}`,
      };
    }
    case 'integration-paused':
      return {
        type: 'integration',
        message: `The ${clip(subject.provider)} integration (#${subject.integrationId}) was paused: ${clip(subject.reason)}`,
        link: `/integrations/edit/${subject.integrationId}`,
      };
  }
}
