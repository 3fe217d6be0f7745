import { Alert, Badge, Button, CopyButton, Group, Modal, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ListTable } from '../../../components/ListTable/ListTable';
import { OnlineOnlyButton } from '../../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { PendingBadge } from '../../../components/PendingBadge/PendingBadge';
import { PendingChangeNotice } from '../../../components/PendingChangeNotice/PendingChangeNotice';
import { QueryState } from '../../../components/QueryState/QueryState';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import type { SubmitResult } from '../../../stores/console-store';
import { useEditMutation } from '../../../stores/use-mutations';
import { useNow } from '../../../stores/use-now';
import { usePendingEdits } from '../../../stores/use-outbox';
import { useServerData } from '../../../stores/use-server-data';
import { accessApi, type InviteLink } from '../access-api';
import { inviteLinkEdit } from '../access-edits';
import { LinkReveal } from '../shared/LinkReveal';
import { CreateInviteLinkForm, InviteLinkExpiryForm } from './InviteLinkForms';

/** Public sign-up links: whoever opens one before it expires (and while enabled) can make an account. */
export function InviteLinksScreen() {
  const { mutateAsync: submitEdit } = useEditMutation();
  const now = useNow();
  const links = useServerData('invite-links', (api) => accessApi(api).listInviteLinks());
  const pending = usePendingEdits('invite-link');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<InviteLink | null>(null);
  const [editing, setEditing] = useState<InviteLink | null>(null);
  const [queued, setQueued] = useState(false);
  const [toggleError, setToggleError] = useState<{ secret: string; message: string } | null>(null);

  const saved = (result: SubmitResult) => setQueued(result === 'queued');
  const closeCreate = () => {
    setCreating(false);
    setCreated(null);
  };

  async function setEnabled(link: InviteLink, enabled: boolean) {
    setToggleError(null);
    try {
      saved(await submitEdit(inviteLinkEdit(link, { enabled })));
    } catch (caught) {
      setToggleError({
        secret: link.secret,
        message: caught instanceof Error ? caught.message : String(caught),
      });
    }
  }

  return (
    <>
      <PageHeader
        title="Invite links"
        description="Public sign-up links: whoever opens one while it is enabled and before it expires can create an account."
        savedAt={links.savedAt}
        fromCache={links.fromCache}
        now={now}
        actions={
          <OnlineOnlyButton reason="The server makes the link's secret" onClick={() => setCreating(true)}>
            New invite link
          </OnlineOnlyButton>
        }
      />
      {queued ? <PendingChangeNotice onClose={() => setQueued(false)} /> : null}
      <QueryState query={links} noun="invite links" isEmpty={(data) => data.tokens.length === 0}>
        {(data) => (
          <ListTable minWidth={820} columns={['Link', 'Role', 'Enabled', 'Users', 'Expires', '']}>
            {data.tokens.map((serverLink) => {
              const entry = pending(serverLink.secret);
              const mine = entry?.mine as { enabled: boolean; expiresAt: string } | undefined;
              const link = mine ? { ...serverLink, ...mine } : serverLink;
              const expired = Date.parse(link.expiresAt) <= now;
              return (
                <Table.Tr key={link.secret} data-testid={`invite-link-${link.name}`}>
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
                      onChange={(event) => setEnabled(link, event.currentTarget.checked)}
                      error={toggleError?.secret === link.secret ? toggleError.message : undefined}
                    />
                  </Table.Td>
                  <Table.Td>{link.users?.length ?? 0}</Table.Td>
                  <Table.Td>
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
                        onClick={() => setEditing(link)}
                      >
                        Change
                      </Button>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
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
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
      </QueryState>

      <Modal
        opened={creating}
        onClose={closeCreate}
        title={created ? `Invite link ${created.name} created` : 'New invite link'}
        size="lg"
      >
        {created ? (
          created.url ? (
            <LinkReveal link={created.url} title="Share the link" onDone={closeCreate}>
              Share this link with the people you invite. It stays listed here, where you can copy it again,
              disable it or change its expiry.
            </LinkReveal>
          ) : (
            <Alert color="yellow">The server created the link but sent no URL back.</Alert>
          )
        ) : (
          <CreateInviteLinkForm
            onCancel={closeCreate}
            onCreated={(link) => {
              setCreated(link);
            }}
          />
        )}
      </Modal>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={`Expiry of ${editing?.name ?? ''}`}
      >
        {editing ? (
          <InviteLinkExpiryForm
            link={editing}
            onCancel={() => setEditing(null)}
            onSaved={(result) => {
              setEditing(null);
              saved(result);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
