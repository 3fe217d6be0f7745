import { Badge, Button, CopyButton, Group, Switch, Table, Text } from '@mantine/core';
import { usePendingRow } from '../../../components/CrudScreen/CrudScreen';
import { ListTable } from '../../../components/ListTable/ListTable';
import { PendingBadge } from '../../../components/PendingBadge/PendingBadge';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import type { InviteLink } from '../access-api';
import type { InviteLinkToggle } from './use-invite-link-toggle';

interface RowProps {
  now: number;
  toggle: InviteLinkToggle;
  onChangeExpiry: (link: InviteLink) => void;
}

/** The invite links, each with its queued edit laid over. */
export function InviteLinkTable({ links, ...props }: RowProps & { links: readonly InviteLink[] }) {
  return (
    <ListTable minWidth={820} columns={['Link', 'Role', 'Enabled', 'Users', 'Expires', '']}>
      {links.map((link) => (
        <InviteLinkRow key={link.secret} serverLink={link} {...props} />
      ))}
    </ListTable>
  );
}

function InviteLinkRow({ serverLink, now, toggle, onChangeExpiry }: RowProps & { serverLink: InviteLink }) {
  const { item: link, entry } = usePendingRow(
    'invite-link',
    serverLink.secret,
    serverLink,
    (item, mine: { enabled: boolean; expiresAt: string }) => ({ ...item, ...mine }),
  );
  return (
    <Table.Tr data-testid={`invite-link-${link.name}`}>
      <Table.Td>
        <Group gap="xs">
          <Text fw={600}>{link.name}</Text>
          <PendingBadge entry={entry} />
        </Group>
        {link.createdBy ? (
          <Text size="xs" c="dimmed">
            by {link.createdBy}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{link.role.name}</Table.Td>
      <Table.Td>
        <Switch
          checked={link.enabled}
          aria-label={`Enable ${link.name}`}
          onChange={(event) => toggle.setEnabled(link, event.currentTarget.checked)}
          error={toggle.error?.secret === link.secret ? toggle.error.message : undefined}
        />
      </Table.Td>
      <Table.Td>{link.users?.length ?? 0}</Table.Td>
      <Table.Td>
        <InviteLinkExpiry link={link} expired={Date.parse(link.expiresAt) <= now} onChange={onChangeExpiry} />
      </Table.Td>
      <Table.Td>
        <Group justify="flex-end">
          <CopyLinkButton link={link} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function InviteLinkExpiry({
  link,
  expired,
  onChange,
}: {
  link: InviteLink;
  expired: boolean;
  onChange: (link: InviteLink) => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <RelativeTime value={link.expiresAt} />
      {expired ? (
        <Badge color="red" size="sm">
          expired
        </Badge>
      ) : null}
      <Button
        size="compact-xs"
        variant="subtle"
        aria-label={`Change expiry of ${link.name}`}
        onClick={() => onChange(link)}
      >
        Change
      </Button>
    </Group>
  );
}

function CopyLinkButton({ link }: { link: InviteLink }) {
  return (
    <CopyButton value={link.url ?? ''}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant={copied ? 'light' : 'subtle'}
          color={copied ? 'teal' : undefined}
          disabled={!link.url}
          aria-label={`${copied ? 'Copied' : 'Copy link'} ${link.name}`}
          onClick={copy}
        >
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      )}
    </CopyButton>
  );
}
