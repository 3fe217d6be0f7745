import type { AdminApi } from '../../api/admin-api';
import { isApiError } from '../../api/client';
import type { ContextField } from '../../api/types';
import type { Edit, Snapshot } from '../../offline/outbox';

/** An outbox edit before it is given a profile (stores/editable-resources.ts EditDraft). */
type EditDraft = Omit<Edit, 'profileId'>;

const enc = encodeURIComponent;
export const contextFieldPath = (name: string) => `/api/admin/context/${enc(name)}`;

export interface LegalValueDraft {
  value: string;
  description: string;
}

/** What the console edits of a context field; the PUT replaces all of it (server test "a PUT replaces"). */
export interface ContextFieldDraft {
  name: string;
  description: string;
  stickiness: boolean;
  legalValues: LegalValueDraft[];
}

/** The request body: blank descriptions left out, as the server stores none for them. */
export function contextFieldBody(draft: ContextFieldDraft) {
  const description = draft.description.trim();
  return {
    name: draft.name,
    ...(description ? { description } : {}),
    stickiness: draft.stickiness,
    legalValues: draft.legalValues.map((legal) => {
      const legalDescription = legal.description.trim();
      return { value: legal.value, ...(legalDescription ? { description: legalDescription } : {}) };
    }),
  };
}

export function contextFieldSnapshot(
  field: Pick<ContextField, 'name' | 'description' | 'stickiness' | 'legalValues'>,
) {
  return {
    name: field.name,
    description: field.description ? field.description : null,
    stickiness: field.stickiness,
    legalValues: field.legalValues.map((legal) => ({
      value: legal.value,
      description: legal.description ? legal.description : null,
    })),
  };
}

const snapshotOfDraft = (draft: ContextFieldDraft) => {
  const body = contextFieldBody(draft);
  return contextFieldSnapshot({ ...body, description: body.description ?? null });
};

export function createContextFieldEdit(draft: ContextFieldDraft): EditDraft {
  return {
    kind: 'context-field',
    target: draft.name,
    summary: `Create the context field ${draft.name}`,
    request: { method: 'POST', path: '/api/admin/context', body: contextFieldBody(draft) },
    base: null,
    mine: snapshotOfDraft(draft),
  };
}

export function updateContextFieldEdit(field: ContextField, draft: ContextFieldDraft): EditDraft {
  return {
    kind: 'context-field',
    target: field.name,
    summary: `Change the context field ${field.name}`,
    request: { method: 'PUT', path: contextFieldPath(field.name), body: contextFieldBody(draft) },
    base: contextFieldSnapshot(field),
    mine: snapshotOfDraft(draft),
  };
}

export function deleteContextFieldEdit(field: ContextField): EditDraft {
  return {
    kind: 'context-field',
    target: field.name,
    summary: `Delete the context field ${field.name}`,
    request: { method: 'DELETE', path: contextFieldPath(field.name) },
    base: contextFieldSnapshot(field),
    mine: null,
  };
}

/** Readers for the outbox replay (gathered in app/resource-readers.ts). */
export const CONTEXT_FIELD_READERS: Record<
  string,
  (api: AdminApi, target: string) => Promise<Snapshot | null>
> = {
  'context-field': async (api, name) => {
    try {
      return contextFieldSnapshot(await api.client.get<ContextField>(contextFieldPath(name)));
    } catch (error) {
      if (isApiError(error, 'NotFoundError')) return null;
      throw error;
    }
  },
};
