import { Group, NativeSelect, Switch, Text, TextInput } from '@mantine/core';
import type { StrategyDefinition } from './strategies-api';
import { strategyDisplayName } from './strategy-names';

/** The strategy's kind, its optional title and whether it is disabled. */
export function StrategyNameFields({
  usable,
  definitions,
  name,
  onName,
  title,
  onTitle,
  disabled,
  onDisabled,
  errors,
}: {
  usable: readonly StrategyDefinition[];
  definitions: readonly StrategyDefinition[];
  name: string;
  onName: (name: string) => void;
  title: string;
  onTitle: (title: string) => void;
  disabled: boolean;
  onDisabled: (disabled: boolean) => void;
  errors: Record<string, string | undefined>;
}) {
  const definition = definitions.find((candidate) => candidate.name === name);
  return (
    <>
      <Group grow align="flex-start">
        <NativeSelect
          label="Strategy"
          data={(usable.length ? usable : [{ name, displayName: name, title: null }]).map((candidate) => {
            const shown = strategyDisplayName(candidate.name, definitions);
            // A select's options are plain text: the API name follows the display name.
            return {
              value: candidate.name,
              label: shown === candidate.name ? shown : `${shown} (${candidate.name})`,
            };
          })}
          value={name}
          onChange={(event) => onName(event.currentTarget.value)}
          description={
            <>
              {definition?.description ? `${definition.description} ` : ''}
              <Text span size="xs" ff="monospace" data-testid="strategy-api-name">
                {name}
              </Text>
            </>
          }
          error={errors.name}
        />
        <TextInput
          label="Title"
          description="Optional, shown instead of the strategy's name"
          value={title}
          onChange={(event) => onTitle(event.currentTarget.value)}
          error={errors.title}
        />
      </Group>
      <Switch
        label="Disabled: kept on the flag but not evaluated"
        checked={disabled}
        onChange={(event) => onDisabled(event.currentTarget.checked)}
      />
    </>
  );
}
