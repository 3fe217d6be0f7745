import { PasswordInput, Stack, Textarea, TextInput } from '@mantine/core';
import type { AddonParameter } from '../../../../server/contract';
import { keepsStoredSecret } from './integration-draft';

export interface ParameterFieldsProps {
  parameters: readonly AddonParameter[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  /** Editing a saved integration: a sensitive field holding the mask keeps the stored value. */
  editing: boolean;
  errorOf: (field: string) => string | undefined;
}

/**
 * The inputs a provider asks for, generated from its parameter list: multi-line text for
 * `textfield`, a URL field for `url`, a password field for a sensitive one, text otherwise.
 */
export function ParameterFields({ parameters, values, onChange, editing, errorOf }: ParameterFieldsProps) {
  return (
    <Stack gap="sm">
      {parameters.map((parameter) => {
        const value = values[parameter.name] ?? '';
        const common = {
          label: parameter.displayName,
          description: describe(parameter, keepsStoredSecret(parameter, value, editing)),
          placeholder: parameter.placeholder,
          withAsterisk: parameter.required,
          value,
          error: errorOf(`parameters.${parameter.name}`),
          'data-parameter': parameter.name,
        };
        if (parameter.sensitive) {
          return (
            <PasswordInput
              key={parameter.name}
              {...common}
              autoComplete="new-password"
              onChange={(event) => onChange(parameter.name, event.currentTarget.value)}
            />
          );
        }
        if (parameter.type === 'textfield') {
          return (
            <Textarea
              key={parameter.name}
              {...common}
              rows={4}
              resize="vertical"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              onChange={(event) => onChange(parameter.name, event.currentTarget.value)}
            />
          );
        }
        return (
          <TextInput
            key={parameter.name}
            {...common}
            type={parameter.type === 'url' ? 'url' : 'text'}
            onChange={(event) => onChange(parameter.name, event.currentTarget.value)}
          />
        );
      })}
    </Stack>
  );
}

function describe(parameter: AddonParameter, keepsSecret: boolean): string | undefined {
  const help = parameter.description ?? '';
  if (!keepsSecret) return help || undefined;
  return `${help}${help ? ' ' : ''}The stored value is kept unless you type a new one.`;
}
