import { useState } from 'react';
import { OnlineOnlyButton } from '../../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { PendingChangeNotice } from '../../../components/PendingChangeNotice/PendingChangeNotice';
import { QueryState } from '../../../components/QueryState/QueryState';
import type { SubmitResult } from '../../../stores/console-store';
import { useNow } from '../../../stores/use-now';
import { useServerData } from '../../../stores/use-server-data';
import { accessApi, type InviteLink } from '../access-api';
import { CreateInviteLinkModal, InviteLinkExpiryModal } from './InviteLinkModals';
import { InviteLinkTable } from './InviteLinkRow';
import { useInviteLinkToggle } from './use-invite-link-toggle';

/** Public sign-up links: whoever opens one before it expires (and while enabled) can make an account. */
export function InviteLinksScreen() {
  const now = useNow();
  const links = useServerData('invite-links', (api) => accessApi(api).listInviteLinks());
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<InviteLink | null>(null);
  const [queued, setQueued] = useState(false);
  const saved = (result: SubmitResult) => setQueued(result === 'queued');
  const toggle = useInviteLinkToggle(saved);

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
          <InviteLinkTable links={data.tokens} now={now} toggle={toggle} onChangeExpiry={setEditing} />
        )}
      </QueryState>

      <CreateInviteLinkModal opened={creating} onClose={() => setCreating(false)} />

      <InviteLinkExpiryModal
        link={editing}
        onClose={() => setEditing(null)}
        onSaved={(result) => {
          setEditing(null);
          saved(result);
        }}
      />
    </>
  );
}
