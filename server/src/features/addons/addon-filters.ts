/** Which events an addon delivers: Unleash's filters (event types, projects, environments). */
export interface AddonFilters {
  events: readonly string[];
  projects: readonly string[];
  environments: readonly string[];
}

const WILDCARD = '*';

function passes(values: readonly string[], value: string | null): boolean {
  // As Unleash: an empty filter or `*` passes everything, and so does an event without the field.
  if (value === null || values.length === 0 || values[0] === WILDCARD) return true;
  return values.includes(value);
}

export function matchesFilters(
  filters: AddonFilters,
  event: { type: string; project: string | null; environment: string | null },
): boolean {
  return (
    filters.events.includes(event.type) &&
    passes(filters.projects, event.project) &&
    passes(filters.environments, event.environment)
  );
}
