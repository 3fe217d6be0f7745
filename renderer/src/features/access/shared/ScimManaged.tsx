import { Badge, Text } from '@mantine/core';

/** Why the row's edit controls are off (issue 20): the identity provider owns SCIM-managed rows. */
export const SCIM_MANAGED_EXPLANATION =
  'Managed by your identity provider through SCIM: change it there. Editing here is disabled.';

/** The SCIM badge and a one-line explanation, shown beside a SCIM-managed user or group. */
export function ScimManagedBadge({ scimId }: { scimId: string | null | undefined }) {
  if (!scimId) return null;
  return (
    <Badge variant="light" color="grape" size="sm" title={SCIM_MANAGED_EXPLANATION}>
      SCIM
    </Badge>
  );
}

export function ScimManagedNote({ scimId }: { scimId: string | null | undefined }) {
  if (!scimId) return null;
  return (
    <Text size="xs" c="dimmed">
      {SCIM_MANAGED_EXPLANATION}
    </Text>
  );
}
