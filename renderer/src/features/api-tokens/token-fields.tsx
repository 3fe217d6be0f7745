import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';

/**
 * The environment a token form reads: the operator's choice, until then the first one, also when
 * the list arrives after the form opened (a form opened while environments loaded kept none).
 */
export function useEnvironmentChoice(environments: readonly string[]) {
  const [chosen, setChosen] = useState<string | null>(null);
  return [chosen ?? environments[0] ?? null, setChosen] as const;
}

export function TokenEnvironmentSelect({
  environments,
  value,
  onChange,
  error,
}: {
  environments: readonly string[];
  value: string | null;
  onChange: (value: string | null) => void;
  error: string | undefined;
}) {
  return (
    <Select
      label="Environment"
      required
      data={[...environments]}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

/** A token's optional last day, as `YYYY-MM-DD`. */
export function TokenExpiryInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextInput
      label="Expires"
      description="Optional; the token stops working at the end of this day"
      type="date"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}
