import { Alert, Modal } from '@mantine/core';
import { useState } from 'react';
import type { SubmitResult } from '../../../stores/console-store';
import type { InviteLink } from '../access-api';
import { LinkReveal } from '../shared/LinkReveal';
import { CreateInviteLinkForm, InviteLinkExpiryForm } from './InviteLinkForms';

/** Creates a link, then shows it to be shared. */
export function CreateInviteLinkModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<InviteLink | null>(null);
  const closeCreate = () => {
    onClose();
    setCreated(null);
  };
  return (
    <Modal
      opened={opened}
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
  );
}

/** Moves the expiry of `link` (none: closed). */
export function InviteLinkExpiryModal({
  link,
  onClose,
  onSaved,
}: {
  link: InviteLink | null;
  onClose: () => void;
  onSaved: (result: SubmitResult) => void;
}) {
  return (
    <Modal opened={link !== null} onClose={onClose} title={`Expiry of ${link?.name ?? ''}`}>
      {link ? <InviteLinkExpiryForm link={link} onCancel={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}
