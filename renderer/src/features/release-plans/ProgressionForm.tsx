import { Button, Group, NativeSelect, NumberInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { INTERVAL_UNITS, type IntervalUnit, splitInterval } from './release-plans-api';

/** "Advance after N minutes/hours/days": the time condition of a milestone's automatic progression. */
export function ProgressionForm({
  milestoneName,
  targetName,
  initialMinutes,
  busy,
  onSave,
  onCancel,
}: {
  milestoneName: string;
  targetName: string;
  initialMinutes: number | null;
  busy: boolean;
  onSave: (intervalMinutes: number) => void;
  onCancel: () => void;
}) {
  const initial = splitInterval(initialMinutes ?? 60);
  const [amount, setAmount] = useState<number | string>(initial.amount);
  const [unit, setUnit] = useState<IntervalUnit>(initial.unit);
  const minutes =
    typeof amount === 'number' && Number.isInteger(amount) ? amount * INTERVAL_UNITS[unit] : null;
  // The server takes 1 minute to a year.
  const valid = minutes !== null && minutes >= 1 && minutes <= 525_600;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (valid) onSave(minutes);
  }

  return (
    <form onSubmit={submit} aria-label={`Automatic progression of ${milestoneName}`}>
      <Group gap="xs" align="flex-end">
        <NumberInput
          label={`Advance to ${targetName} after`}
          min={1}
          allowDecimal={false}
          value={amount}
          onChange={setAmount}
          error={valid ? undefined : 'Between 1 minute and 1 year'}
          w={200}
        />
        <NativeSelect
          label="Unit"
          value={unit}
          onChange={(event) => setUnit(event.currentTarget.value as IntervalUnit)}
          data={Object.keys(INTERVAL_UNITS)}
        />
        <Button type="submit" disabled={busy || !valid}>
          Save progression
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}
