import type { CreateSafeguard, ReleasePlanProgress } from '../../../../server/contract';
import type { ApiClient } from '../../api/client';
import { draftPath } from '../change-requests/index';

export type { CreateSafeguard, ReleasePlanProgress };
export type PlanMilestone = ReleasePlanProgress['milestones'][number];

const enc = encodeURIComponent;

/** The flag environment a plan hangs off. */
export interface PlanPlace {
  project: string;
  flagName: string;
  environment: string;
}

export const environmentPath = ({ project, flagName, environment }: PlanPlace) =>
  `/api/admin/projects/${enc(project)}/features/${enc(flagName)}/environments/${enc(environment)}`;

/** getReleasePlans; also the console's query key, so a write to the flag refreshes it. */
export const releasePlansPath = (place: PlanPlace) => `${environmentPath(place)}/release-plans`;

/**
 * What an operator does to a plan, named and shaped as Unleash's change-request actions
 * (`addReleasePlan`, `startMilestone`…), so the same value is sent directly or drafted.
 */
export type PlanAction =
  | { action: 'addReleasePlan'; payload: { templateId: string } }
  | { action: 'deleteReleasePlan'; payload: { planId: string } }
  | { action: 'startMilestone'; payload: { planId: string; milestoneId: string } }
  | {
      action: 'changeMilestoneProgression';
      payload: {
        sourceMilestone: string;
        targetMilestone: string;
        transitionCondition: { intervalMinutes: number };
      };
    }
  | { action: 'deleteMilestoneProgression'; payload: { sourceMilestone: string } }
  | { action: 'resumeMilestoneProgression'; payload: { planId: string } }
  | { action: 'changeSafeguard'; payload: { planId: string; safeguard: CreateSafeguard } }
  | { action: 'deleteSafeguard'; payload: { planId: string; safeguardId: string } };

export interface PlanRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/** The plan operation's own route (shared/unleash/API.md "Release Templates"). */
export function directRequest(place: PlanPlace, planAction: PlanAction): PlanRequest {
  const base = environmentPath(place);
  switch (planAction.action) {
    case 'addReleasePlan':
      return { method: 'POST', path: `${base}/release-plans`, body: planAction.payload };
    case 'deleteReleasePlan':
      return { method: 'DELETE', path: `${base}/release-plans/${enc(planAction.payload.planId)}` };
    case 'startMilestone': {
      const { planId, milestoneId } = planAction.payload;
      return {
        method: 'POST',
        path: `${base}/release-plans/${enc(planId)}/milestones/${enc(milestoneId)}/start`,
      };
    }
    case 'changeMilestoneProgression': {
      const { sourceMilestone, ...body } = planAction.payload;
      return { method: 'PUT', path: `${base}/progressions/${enc(sourceMilestone)}`, body };
    }
    case 'deleteMilestoneProgression':
      return { method: 'DELETE', path: `${base}/progressions/${enc(planAction.payload.sourceMilestone)}` };
    case 'resumeMilestoneProgression':
      return { method: 'POST', path: `${base}/progressions/${enc(planAction.payload.planId)}/resume` };
    case 'changeSafeguard': {
      // One safeguard per plan: the PUT creates it or replaces the one there.
      const { planId, safeguard } = planAction.payload;
      return { method: 'PUT', path: `${base}/release-plans/${enc(planId)}/safeguards`, body: safeguard };
    }
    case 'deleteSafeguard': {
      const { planId, safeguardId } = planAction.payload;
      return {
        method: 'DELETE',
        path: `${base}/release-plans/${enc(planId)}/safeguards/${enc(safeguardId)}`,
      };
    }
  }
}

/** The same operation as a change added to the caller's draft in a governed environment. */
export function draftRequest(place: PlanPlace, planAction: PlanAction): PlanRequest {
  return {
    method: 'POST',
    path: draftPath(place.project, place.environment),
    body: { feature: place.flagName, action: planAction.action, payload: planAction.payload },
  };
}

export function createReleasePlansApi(client: ApiClient) {
  return {
    list: (place: PlanPlace, signal?: AbortSignal) =>
      client.get<ReleasePlanProgress[]>(releasePlansPath(place), undefined, signal),
    send: ({ method, path, body }: PlanRequest) => client.request<unknown>(method, path, { body }),
  };
}

/** "advance after N minutes/hours": the units the form offers, in minutes. */
export const INTERVAL_UNITS = { minutes: 1, hours: 60, days: 1440 } as const;
export type IntervalUnit = keyof typeof INTERVAL_UNITS;

/** An interval in the largest unit that divides it, as the form shows it back. */
export function splitInterval(minutes: number): { amount: number; unit: IntervalUnit } {
  if (minutes % INTERVAL_UNITS.days === 0) return { amount: minutes / INTERVAL_UNITS.days, unit: 'days' };
  if (minutes % INTERVAL_UNITS.hours === 0) return { amount: minutes / INTERVAL_UNITS.hours, unit: 'hours' };
  return { amount: minutes, unit: 'minutes' };
}

export function describeInterval(minutes: number): string {
  const { amount, unit } = splitInterval(minutes);
  return `${amount} ${amount === 1 ? unit.slice(0, -1) : unit}`;
}
