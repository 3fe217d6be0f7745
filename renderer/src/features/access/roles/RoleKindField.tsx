import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { CustomRoleType } from './role-permission-groups';

export interface RoleKindFieldProps {
  type: CustomRoleType;
  /** Only a new role picks its kind. */
  creating: boolean;
  onChange: (type: CustomRoleType) => void;
}

/** Root or project role: chosen when creating, shown as fixed afterwards. */
export function RoleKindField({ type, creating, onChange }: RoleKindFieldProps) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Kind
      </Text>
      {creating ? (
        <SegmentedControl
          aria-label="Kind of role"
          value={type}
          onChange={(value) => onChange(value as CustomRoleType)}
          data={[
            { value: 'root-custom', label: 'Root role' },
            { value: 'custom', label: 'Project role' },
          ]}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {type === 'root-custom' ? 'Root role' : 'Project role'}: the kind is fixed once the role exists.
        </Text>
      )}
    </Stack>
  );
}
