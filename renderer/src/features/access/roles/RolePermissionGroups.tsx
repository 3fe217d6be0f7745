import { Checkbox, SimpleGrid } from '@mantine/core';
import { permissionKey } from '../access-edits';
import type { PermissionGroup } from './role-permission-groups';

export interface RolePermissionGroupsProps {
  groups: readonly PermissionGroup[];
  /** Keys of the chosen permissions (`permissionKey`), across all groups. */
  chosen: readonly string[];
  onChange: (update: (previous: string[]) => string[]) => void;
  error: string | undefined;
}

/** One checkbox group per permission group, each counting its chosen permissions. */
export function RolePermissionGroups({ groups, chosen, onChange, error }: RolePermissionGroupsProps) {
  return groups.map((group) => {
    const keys = group.permissions.map(permissionKey);
    const inGroup = chosen.filter((key) => keys.includes(key));
    return (
      <Checkbox.Group
        key={group.id}
        label={group.label}
        description={`${inGroup.length} of ${keys.length} chosen`}
        value={inGroup}
        onChange={(next) =>
          onChange((previous) => [...previous.filter((key) => !keys.includes(key)), ...next])
        }
        error={error}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
          {group.permissions.map((permission) => (
            <Checkbox
              key={permissionKey(permission)}
              value={permissionKey(permission)}
              label={permission.displayName}
              aria-label={
                permission.environment
                  ? `${permission.displayName} in ${permission.environment}`
                  : permission.displayName
              }
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    );
  });
}
