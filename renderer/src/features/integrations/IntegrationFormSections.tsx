import { Alert, Anchor, MultiSelect, Switch, Text, TextInput } from '@mantine/core';
import type { AddonType } from '../../../../server/contract';
import type { IntegrationDraft } from './integration-draft';

/** What the provider says about itself: deprecation, how-to and installation notes. */
export function ProviderNotes({ provider }: { provider: AddonType }) {
  return (
    <>
      {provider.deprecated ? (
        <Alert color="yellow" variant="light" title="Deprecated">
          {provider.deprecated}
        </Alert>
      ) : null}
      {provider.howTo ? <Text size="sm">{provider.howTo}</Text> : null}
      {provider.installation ? (
        <Alert color="blue" variant="light" title={provider.installation.title ?? 'Installation'}>
          <Text size="sm">
            {provider.installation.helpText}{' '}
            <Anchor href={provider.installation.url} target="_blank" rel="noreferrer">
              Install
            </Anchor>
          </Text>
        </Alert>
      ) : null}
    </>
  );
}

/** Which flag tags route events to other channels, when the provider has any. */
export function TagTypeHelp({ tagTypes }: { tagTypes: AddonType['tagTypes'] }) {
  if (!tagTypes?.length) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="tag-type-help">
      Flags tagged with{' '}
      {tagTypes.map((tagType, index) => (
        <span key={tagType.name}>
          {index > 0 ? ', ' : ''}
          <strong>{tagType.name}</strong>
          {tagType.description ? ` (${tagType.description})` : ''}
        </span>
      ))}{' '}
      choose where their events go, besides the channels above.
    </Text>
  );
}

interface ScopeFieldsProps {
  provider: AddonType;
  draft: IntegrationDraft;
  projects: ReadonlyArray<{ id: string; name: string }>;
  environments: readonly string[];
  errorOf: (field: string) => string | undefined;
  update: (changes: Partial<IntegrationDraft>) => void;
}

/** The events sent, the projects and environments they are limited to, a description and the switch. */
export function ScopeFields({ provider, draft, projects, environments, errorOf, update }: ScopeFieldsProps) {
  return (
    <>
      <MultiSelect
        label="Events"
        description="The events this integration sends"
        withAsterisk
        searchable
        data={provider.events ?? []}
        value={draft.events}
        onChange={(events) => update({ events })}
        error={errorOf('events')}
      />
      <MultiSelect
        label="Projects"
        description="Only events of these projects; none chosen means all projects"
        searchable
        data={projects.map((project) => ({ value: project.id, label: project.name }))}
        value={draft.projects}
        onChange={(chosen) => update({ projects: chosen })}
        error={errorOf('projects')}
      />
      <MultiSelect
        label="Environments"
        description="Only events of these environments; none chosen means all environments"
        searchable
        data={[...environments]}
        value={draft.environments}
        onChange={(chosen) => update({ environments: chosen })}
        error={errorOf('environments')}
      />
      <TextInput
        label="Description"
        description="What this integration is for, shown in the gallery"
        value={draft.description}
        onChange={(event) => update({ description: event.currentTarget.value })}
        error={errorOf('description')}
      />
      <Switch
        label="Enabled"
        description="A disabled integration keeps its configuration and sends nothing"
        checked={draft.enabled}
        onChange={(event) => update({ enabled: event.currentTarget.checked })}
      />
    </>
  );
}
