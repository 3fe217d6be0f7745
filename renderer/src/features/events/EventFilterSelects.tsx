import { Autocomplete, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useServerData } from '../../stores/use-server-data';
import classes from './EventLogScreen.module.css';
import { EVENT_TYPE_SUGGESTIONS, type EventLogQuery } from './event-filters';

type Filter = 'type' | 'project' | 'createdBy' | 'environment';
type Option = { value: string; label: string };

/** The URL may name a value the lists do not hold (an old link, a deleted project): kept selectable. */
function withCurrent(options: Option[], current: string): Option[] {
  return current && !options.some((option) => option.value === current)
    ? [{ value: current, label: current }, ...options]
    : options;
}

/**
 * Issue 33 §2: the event log's type, project, author and environment filters pick from what the
 * server holds instead of free text; the type suggests Unleash's event types and still takes any.
 */
export function EventFilterSelects({
  draft,
  onChange,
}: {
  draft: EventLogQuery;
  onChange: (name: Filter, value: string) => void;
}): ReactNode {
  const projects = useServerData('projects', (api) => api.listProjects());
  const environments = useServerData('environments', (api) => api.listEnvironments());
  const creators = useServerData('event-creators', (api) =>
    api.client.get<Array<{ id: number; name: string }>>('/api/admin/event-creators'),
  );
  const select = (name: Exclude<Filter, 'type'>, label: string, options: Option[]) => (
    <Select
      label={label}
      placeholder="Any"
      data={withCurrent(options, draft[name])}
      value={draft[name] || null}
      onChange={(value) => onChange(name, value ?? '')}
      searchable
      clearable
      className={classes.filter}
    />
  );
  return (
    <>
      <Autocomplete
        label="Type"
        placeholder="feature-created"
        data={EVENT_TYPE_SUGGESTIONS}
        value={draft.type}
        onChange={(value) => onChange('type', value)}
        limit={30}
        className={classes.filter}
      />
      {select(
        'project',
        'Project',
        (projects.data?.projects ?? []).map((project) => ({ value: project.id, label: project.name })),
      )}
      {/* Unleash's createdBy filter takes the author's name (or id); names are what people know. */}
      {select(
        'createdBy',
        'Changed by',
        [...new Set((creators.data ?? []).map((creator) => creator.name))].map((name) => ({
          value: name,
          label: name,
        })),
      )}
      {select(
        'environment',
        'Environment',
        (environments.data?.environments ?? []).map((environment) => ({
          value: environment.name,
          label: environment.name,
        })),
      )}
    </>
  );
}
