import type { Queryable } from '../../db/queryable';
import { describeNotification, type FlagChange, type NotificationSubject } from './notification-messages';
import { insertNotifications } from './notification-store';
import { projectMembers, usersHolding } from './recipients';

/**
 * The triggers of issue 19. Each is called by the domain that makes the change, inside the
 * transaction that writes the change and its event (and given that event's id), so a
 * notification exists exactly when its event does: no second writer, nothing to replay, and
 * several instances cannot duplicate it. Each returns how many users were notified.
 */

/** Who caused it, shown as the notification's `createdBy`. */
export interface NotificationActor {
  name: string;
  userId: number | null;
}

async function send(
  db: Queryable,
  userIds: readonly number[],
  subject: NotificationSubject,
  createdBy: NotificationActor,
  eventId?: number,
) {
  return insertNotifications(db, userIds, {
    ...describeNotification(subject),
    createdBy: { name: createdBy.name, userId: createdBy.userId },
    eventId: eventId ?? null,
  });
}

/** A change request sent to review: everyone who may approve it there, except its author. */
export async function notifyReviewers(
  db: Queryable,
  input: {
    changeRequestId: number;
    project: string;
    environment: string;
    title: string | null;
    author: NotificationActor;
    eventId?: number;
  },
): Promise<number> {
  const { project, environment } = input;
  const reviewers = await usersHolding(db, 'APPROVE_CHANGE_REQUEST', { project, environment });
  const recipients = reviewers.filter((id) => id !== input.author.userId);
  return send(
    db,
    recipients,
    {
      kind: 'change-request-in-review',
      changeRequestId: input.changeRequestId,
      project,
      environment,
      title: input.title,
      author: input.author.name,
    },
    input.author,
    input.eventId,
  );
}

/** A scheduled change request that could not be applied: its author and whoever scheduled it. */
export async function notifyScheduleFailed(
  db: Queryable,
  input: {
    changeRequestId: number;
    project: string;
    environment: string;
    reason: string;
    userIds: ReadonlyArray<number | null>;
    scheduler: NotificationActor;
    eventId?: number;
  },
): Promise<number> {
  const recipients = input.userIds.filter((id): id is number => id !== null);
  return send(
    db,
    recipients,
    {
      kind: 'scheduled-change-failed',
      changeRequestId: input.changeRequestId,
      project: input.project,
      environment: input.environment,
      reason: input.reason,
    },
    input.scheduler,
    input.eventId,
  );
}

/** A flag newly marked potentially stale: the user who created it. */
export async function notifyFlagPotentiallyStale(
  db: Queryable,
  input: { featureName: string; project: string; creatorUserId: number | null; eventId?: number },
): Promise<number> {
  if (input.creatorUserId === null) return 0;
  return send(
    db,
    [input.creatorUserId],
    { kind: 'flag-potentially-stale', featureName: input.featureName, project: input.project },
    { name: 'system', userId: null },
    input.eventId,
  );
}

/**
 * A flag created, archived or enabled in an environment: the project's members, except whoever
 * did it (Unleash's notification events for flags).
 */
export async function notifyProjectMembers(
  db: Queryable,
  input: {
    change: FlagChange;
    featureName: string;
    project: string;
    environment?: string;
    actor: NotificationActor;
    eventId?: number;
  },
): Promise<number> {
  const { change, featureName, project, environment, actor } = input;
  const members = await projectMembers(db, project);
  const recipients = members.filter((id) => id !== actor.userId);
  return send(
    db,
    recipients,
    {
      kind: 'flag-changed',
      change,
      featureName,
      project,
      actor: actor.name,
      ...(environment ? { environment } : {}),
    },
    actor,
    input.eventId,
  );
}

/** What may be told to every admin of the instance. */
export type AdminNotice = {
  kind: 'integration-paused';
  integrationId: number;
  /** The integration's provider, e.g. `webhook`, `slack-app`. */
  provider: string;
  reason: string;
  eventId?: number;
  createdBy?: NotificationActor;
};

/**
 * Tells every admin (users holding ADMIN through a root role or a group). For the integrations
 * domain: call it with the transaction that pauses the integration and writes its event.
 */
export async function notifyAdmins(db: Queryable, notice: AdminNotice): Promise<number> {
  const admins = await usersHolding(db, 'ADMIN');
  const { eventId, createdBy, ...subject } = notice;
  return send(db, admins, subject, createdBy ?? { name: 'system', userId: null }, eventId);
}
