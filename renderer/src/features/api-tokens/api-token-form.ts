import type { CreateApiTokenBody } from '../../api/types';

/** The projects choice meaning all projects, current and future. */
export const ALL_PROJECTS = '*';

export const TOKEN_TYPE_OPTIONS = [
  { value: 'client', label: 'Backend SDK (client)' },
  { value: 'frontend', label: 'Frontend SDK' },
];

export interface ApiTokenDraft {
  tokenName: string;
  type: CreateApiTokenBody['type'];
  environment: string | null;
  projects: readonly string[];
  /** A `YYYY-MM-DD` day, or empty for a token that never expires. */
  expiresAt: string;
}

/** What the form refuses before asking the server, by field. */
export function apiTokenDraftProblems(draft: ApiTokenDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.tokenName.trim()) problems.tokenName = 'Name the token after what uses it';
  if (!draft.environment) problems.environment = 'Choose the environment the token reads';
  if (draft.projects.length === 0) problems.projects = 'Choose at least one project, or all';
  return problems;
}

/** The project choices of a token form: all projects first, then each by name. */
export function projectChoices(
  projects: ReadonlyArray<{ id: string; name: string }>,
): Array<{ value: string; label: string }> {
  return [
    { value: ALL_PROJECTS, label: 'All projects (current and future)' },
    ...projects.map((project) => ({ value: project.id, label: project.name })),
  ];
}

/** "All" and single projects exclude each other: the newest choice wins. */
export function nextProjectsChoice(previous: readonly string[], value: string[]): string[] {
  const added = value.find((item) => !previous.includes(item));
  return added === ALL_PROJECTS ? [ALL_PROJECTS] : value.filter((item) => item !== ALL_PROJECTS);
}

/** The end of the chosen day, local time, as the server's ISO timestamp. */
export function endOfDayIso(day: string): string {
  return new Date(`${day}T23:59:59`).toISOString();
}

export function createApiTokenBody(draft: ApiTokenDraft): CreateApiTokenBody {
  return {
    tokenName: draft.tokenName.trim(),
    type: draft.type,
    ...(draft.environment ? { environment: draft.environment } : {}),
    projects: draft.projects.includes(ALL_PROJECTS) ? [ALL_PROJECTS] : [...draft.projects],
    ...(draft.expiresAt ? { expiresAt: endOfDayIso(draft.expiresAt) } : {}),
  };
}
