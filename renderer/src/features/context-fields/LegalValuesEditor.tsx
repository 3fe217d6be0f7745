import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { LegalValueDraft } from './context-field-edits';

export interface LegalValuesEditorProps {
  values: readonly LegalValueDraft[];
  /** Local problems by row index (empty value, duplicate). */
  problems: Record<number, string>;
  /** The server's field errors, keyed by path (`legalValues.<index>.value`). */
  serverErrors: Record<string, string | undefined>;
  onChange: (values: LegalValueDraft[]) => void;
}

/** The context field's legal values: one row per value and description, add and remove. */
export function LegalValuesEditor({ values, problems, serverErrors, onChange }: LegalValuesEditorProps) {
  const updateLegal = (index: number, changes: Partial<LegalValueDraft>) =>
    onChange(values.map((legal, at) => (at === index ? { ...legal, ...changes } : legal)));

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Legal values
      </Text>
      <Text size="xs" c="dimmed">
        When set, constraints on this field pick from these values. Empty: any value.
      </Text>
      {values.map((legal, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position while edited
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap" data-testid={`legal-value-${index}`}>
          <TextInput
            aria-label={`Legal value ${index + 1}`}
            placeholder="Value"
            value={legal.value}
            onChange={(e) => updateLegal(index, { value: e.currentTarget.value })}
            error={problems[index] ?? serverErrors[`legalValues.${index}.value`]}
          />
          <TextInput
            aria-label={`Description of legal value ${index + 1}`}
            placeholder="Description (optional)"
            value={legal.description}
            onChange={(e) => updateLegal(index, { description: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={6}
            aria-label={`Remove legal value ${index + 1}`}
            onClick={() => onChange(values.filter((_, at) => at !== index))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          onClick={() => onChange([...values, { value: '', description: '' }])}
        >
          Add legal value
        </Button>
      </Group>
    </Stack>
  );
}
