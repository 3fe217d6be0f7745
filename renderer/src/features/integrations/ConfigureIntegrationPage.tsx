import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Addon, AddonType } from '../../../../server/contract';
import type { AdminApi } from '../../api/admin-api';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { OnlineOnlyButton } from '../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { SecretReveal } from '../../components/SecretReveal/SecretReveal';
import { SecretsNotice } from '../../components/SecretsNotice/SecretsNotice';
import { Link, navigate } from '../../router/navigation';
import { useServerWrite } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { DeliveryState } from './DeliveryState';
import { integrationName } from './IntegrationCards';
import { IntegrationForm } from './IntegrationForm';
import { revealedSecrets } from './integration-draft';
import { INTEGRATIONS_PATH, integrationHistoryPath } from './integration-paths';
import { integrationsApi } from './integrations-api';
import { useIntegrations } from './use-integrations';

/** Said before the form is filled in: without a secrets key the server neither saves nor delivers. */
function IntegrationSecretsNotice({ provider }: { provider: AddonType }) {
  const names = (provider.parameters ?? []).filter((p) => p.sensitive).map((p) => p.displayName);
  return (
    <SecretsNotice>
      Integrations are not delivered
      {names.length > 0 ? `, and saving one holding a secret (${names.join(', ')}) is refused.` : '.'}
    </SecretsNotice>
  );
}

type Secret = { label: string; value: string };

/** The header's buttons for a saved integration: its delivery history, and deleting it. */
function SavedIntegrationActions({ addon, onDelete }: { addon: Addon; onDelete: () => void }) {
  return (
    <>
      <Button component={Link} to={integrationHistoryPath(addon.id)} variant="default">
        Delivery history
      </Button>
      <OnlineOnlyButton
        color="red"
        variant="light"
        reason="The server deletes integrations"
        onClick={onDelete}
      >
        Delete integration
      </OnlineOnlyButton>
    </>
  );
}

interface IntegrationEditorProps {
  provider: AddonType;
  addon: Addon | undefined;
  name: string;
  projects: ReadonlyArray<{ id: string; name: string }>;
  environments: readonly string[];
  write: <T>(write: (api: AdminApi) => Promise<T>) => Promise<T>;
  onRevealed: (secrets: Secret[]) => void;
}

/** The secrets notice, a saved integration's delivery state, and the form that saves or creates. */
function IntegrationEditor({
  provider,
  addon,
  name,
  projects,
  environments,
  write,
  onRevealed,
}: IntegrationEditorProps) {
  return (
    <Stack gap="md" maw={720}>
      <IntegrationSecretsNotice provider={provider} />
      {addon ? (
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Deliveries:
          </Text>
          <DeliveryState
            addon={addon}
            name={name}
            onResume={() => void write((api) => integrationsApi(api.client).resume(addon.id))}
          />
        </Group>
      ) : null}
      <IntegrationForm
        // A fresh form per integration, so a draft never carries over from another one.
        key={addon?.id ?? provider.name}
        provider={provider}
        {...(addon ? { addon } : {})}
        projects={projects}
        environments={environments}
        onCancel={() => navigate(INTEGRATIONS_PATH)}
        save={async (body) => {
          if (addon) {
            await write((api) => integrationsApi(api.client).update(addon.id, body));
            navigate(INTEGRATIONS_PATH);
            return;
          }
          const created = await write((api) => integrationsApi(api.client).create(body));
          const secrets = revealedSecrets(provider, created);
          if (secrets.length > 0) onRevealed(secrets);
          else navigate(INTEGRATIONS_PATH);
        }}
        sendTest={(body) =>
          write((api) =>
            addon
              ? integrationsApi(api.client).testSaved(addon.id)
              : integrationsApi(api.client).testDraft(body),
          )
        }
      />
    </Stack>
  );
}

/** Secrets the server generated for a new integration (a webhook's signing secret), shown once. */
function RevealedSecretsModal({ revealed }: { revealed: Secret[] | null }) {
  return (
    <Modal
      opened={revealed !== null}
      onClose={() => navigate(INTEGRATIONS_PATH)}
      title="Integration created"
      size="lg"
    >
      {revealed?.map((secret) => (
        <Stack key={secret.label} gap="xs">
          <Text size="sm" fw={600}>
            {secret.label}
          </Text>
          <SecretReveal
            secret={secret.value}
            note="Configure the receiver with it now: from here on the server shows it masked."
            onDone={() => navigate(INTEGRATIONS_PATH)}
          />
        </Stack>
      ))}
    </Modal>
  );
}

/** `/integrations/create/:provider` (no `id`) and `/integrations/edit/:id`. */
export function ConfigureIntegrationPage({ providerName, id }: { providerName?: string; id?: number }) {
  const now = useNow();
  const addons = useIntegrations();
  const projects = useServerData('projects', (api) => api.listProjects());
  const environments = useServerData('environments', (api) => api.listEnvironments());
  const write = useServerWrite({ kind: 'addon' });
  const [deleting, setDeleting] = useState(false);
  const [revealed, setRevealed] = useState<Secret[] | null>(null);

  const addon = id === undefined ? undefined : addons.data?.addons.find((item) => item.id === id);
  const provider = addons.data?.providers.find((item) => item.name === (addon?.provider ?? providerName));
  const name = addon ? integrationName(addon, provider) : (provider?.displayName ?? providerName ?? '');
  const missing =
    addons.data === undefined
      ? null
      : id !== undefined && !addon
        ? `There is no integration #${id}.`
        : !provider
          ? `This server offers no integration named ${providerName ?? addon?.provider ?? ''}.`
          : null;

  return (
    <>
      <PageHeader
        title={addon ? `Configure ${name}` : `New ${name} integration`}
        description={provider?.description}
        savedAt={addons.savedAt}
        fromCache={addons.fromCache}
        now={now}
        actions={addon ? <SavedIntegrationActions addon={addon} onDelete={() => setDeleting(true)} /> : null}
      />
      <Anchor component={Link} to={INTEGRATIONS_PATH} size="sm" mb="md" display="inline-block">
        ← All integrations
      </Anchor>
      <QueryState query={addons} noun="integrations">
        {() =>
          missing || !provider ? (
            <Text>{missing}</Text>
          ) : (
            <IntegrationEditor
              provider={provider}
              addon={addon}
              name={name}
              projects={projects.data?.projects ?? []}
              environments={(environments.data?.environments ?? []).map((environment) => environment.name)}
              write={write}
              onRevealed={setRevealed}
            />
          )
        }
      </QueryState>
      <RevealedSecretsModal revealed={revealed} />
      <ConfirmDialog
        opened={deleting}
        title={`Delete ${name}?`}
        confirmLabel="Delete integration"
        cancelLabel="Keep it"
        failure="The integration was not deleted"
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          if (addon) await write((api) => integrationsApi(api.client).remove(addon.id));
          navigate(INTEGRATIONS_PATH);
        }}
      >
        Its configuration and delivery history go with it; events waiting for it are not sent.
      </ConfirmDialog>
    </>
  );
}
