import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../../api/client';
import { createFlagPageApi, type Feature, type FlagRef, flagPath } from '../../api/flag-api';
import { EditLock } from '../../components/EditLock/EditLock';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { PendingChangeNotice } from '../../components/PendingChangeNotice/PendingChangeNotice';
import { QueryState } from '../../components/QueryState/QueryState';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { Link } from '../../router/navigation';
import { projectPath } from '../../router/paths';
import { useConsoleState } from '../../stores/console-context';
import { useEditingLock } from '../../stores/editing-lock';
import { useServerMutation } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
import { usePendingEdits } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import {
  ChangeRequestRouting,
  createChangeRequestApi,
  FlagChangeRequests,
  useFirstGovernedEnvironment,
} from '../change-requests/index';
import { FlagLifecycle } from '../lifecycle/index';
import { EvaluationChart } from './EvaluationChart';
import { FlagDependencies } from './FlagDependencies';
import { FlagEnvironment } from './FlagEnvironment';
import { FlagLinks } from './FlagLinks';
import classes from './FlagPage.module.css';
import { FlagTags } from './FlagTags';
import { FlagTimeline } from './FlagTimeline';
import { descriptionEdit, flagTarget, impressionDataEdit, staleEdit } from './flag-edits';
import { useFlagEdit } from './use-flag-edit';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={classes.section} aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

function pendingValue<T>(entry: { mine: unknown } | undefined, field: string, fallback: T): T {
  const mine = entry?.mine as Record<string, unknown> | null | undefined;
  return mine && field in mine ? (mine[field] as T) : fallback;
}

/** Archive and revive answer nothing an outbox could compare, and archiving is not routine: online only. */
function useOnlineFlagAction(
  flag: FlagRef,
  action: 'archive' | 'revive',
  onDone: () => void,
  draftEnvironment?: string | null,
) {
  const offline = useConsoleState((state) => state.connectivity === 'offline');
  const mutation = useServerMutation(
    (api) =>
      // Where change requests are required, archiving is a change in that environment's draft.
      draftEnvironment && action === 'archive'
        ? createChangeRequestApi(api.client).addChanges(flag.project, draftEnvironment, {
            feature: flag.name,
            action: 'archiveFeature',
          })
        : createFlagPageApi(api.client)[action](flag),
    // The path names the flag, so its own reads and every list fetch again.
    { kind: `flag-${action}`, path: flagPath(flag) },
  );
  return {
    offline,
    busy: mutation.isPending,
    error: mutation.error,
    run: () => mutation.mutateAsync().then(onDone, () => {}),
  };
}

const OFFLINE_REASON = 'The server is unreachable: archiving and reviving need it to answer.';

/** Description, impression data and stale, each edited on its own. */
function FlagSettings({ flag, feature }: { flag: FlagRef; feature: Feature }) {
  const target = flagTarget(flag);
  const pendingDescription = usePendingEdits('flag-description')(target);
  const pendingImpression = usePendingEdits('flag-impression-data')(target);
  const pendingStale = usePendingEdits('flag-stale')(target);
  const description = pendingValue<string | null>(pendingDescription, 'description', feature.description);
  const impressionData = pendingValue(pendingImpression, 'impressionData', feature.impressionData);
  const stale = pendingValue(pendingStale, 'stale', feature.stale);
  const edit = useFlagEdit();
  const [draft, setDraft] = useState<string | null>(null);

  async function saveDescription() {
    if (draft === null) return;
    if (await edit.submit(descriptionEdit(flag, description, draft))) setDraft(null);
  }

  return (
    <Card withBorder padding="md">
      <EditLock>
        {edit.error ? <ErrorNotice error={edit.error} title="The flag was not changed" /> : null}
        {edit.queued ? <PendingChangeNotice onClose={edit.clearQueued} /> : null}
        {draft === null ? (
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Text size="sm" c={description ? undefined : 'dimmed'} data-testid="flag-description">
              {description || 'No description.'}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <PendingBadge entry={pendingDescription} />
              <Button size="xs" variant="subtle" onClick={() => setDraft(description ?? '')}>
                Edit description
              </Button>
            </Group>
          </Group>
        ) : (
          <Stack gap="xs">
            <Textarea
              label="Description"
              rows={2}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              data-autofocus
            />
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setDraft(null)}>
                Cancel
              </Button>
              <Button size="xs" onClick={() => void saveDescription()} loading={edit.busy}>
                Save description
              </Button>
            </Group>
          </Stack>
        )}
        <Group gap="xl" mt="md">
          <Group gap="xs">
            <Switch
              label="Impression data"
              description="SDKs emit an impression event each time they evaluate the flag"
              checked={impressionData}
              disabled={edit.busy}
              onChange={(event) => void edit.submit(impressionDataEdit(flag, event.currentTarget.checked))}
            />
            <PendingBadge entry={pendingImpression} />
          </Group>
          <Group gap="xs">
            <Switch
              label="Stale"
              description="Marks the flag for clean-up; it keeps working"
              checked={stale}
              disabled={edit.busy}
              onChange={(event) => void edit.submit(staleEdit(flag, event.currentTarget.checked))}
            />
            <PendingBadge entry={pendingStale} />
          </Group>
        </Group>
      </EditLock>
    </Card>
  );
}

function ArchiveDialog({
  flag,
  feature,
  opened,
  onClose,
}: {
  flag: FlagRef;
  feature: Feature;
  opened: boolean;
  onClose: () => void;
}) {
  // Where change requests are required, archiving is a change in the first such environment's draft.
  const draftEnvironment = useFirstGovernedEnvironment(flag.project);
  const action = useOnlineFlagAction(flag, 'archive', onClose, draftEnvironment);
  const children = feature.children ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={`Archive ${flag.name}?`}>
      <Stack gap="sm">
        <Text size="sm">
          SDKs stop receiving the flag, so code asking for it gets its default. It can be revived from the
          archive with its configuration.
        </Text>
        {children.length > 0 ? (
          <Alert color="orange" variant="light">
            {children.join(', ')} depend{children.length === 1 ? 's' : ''} on this flag.
          </Alert>
        ) : null}
        {draftEnvironment ? (
          <Alert color="violet" variant="light">
            Change requests are required in {draftEnvironment}: archiving is added to your draft there, and
            happens once the request is approved and applied.
          </Alert>
        ) : null}
        {action.error ? <ErrorNotice error={action.error} title="The flag was not archived" /> : null}
        {action.offline ? (
          <Alert color="yellow" variant="light">
            {OFFLINE_REASON}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={action.busy}
            disabled={action.offline}
            onClick={() => void action.run()}
          >
            {draftEnvironment ? 'Add archiving to draft' : 'Archive flag'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ArchivedFlag({ flag }: { flag: FlagRef }) {
  const archived = useServerData(`flag-archived:${flag.project}/${flag.name}`, (api, signal) =>
    createFlagPageApi(api.client).findArchived(flag, signal),
  );
  const revive = useOnlineFlagAction(flag, 'revive', () => {});
  return (
    <QueryState query={archived} noun="the archive">
      {(found) =>
        found ? (
          <>
            <PageHeader
              title={flag.name}
              description={
                <Group gap="xs" component="span">
                  <Badge component="span" color="gray">
                    archived
                  </Badge>
                  <Badge component="span" variant="light">
                    {found.type}
                  </Badge>
                  <span>
                    in {flag.project}
                    {found.archivedAt ? (
                      <>
                        , archived <RelativeTime value={found.archivedAt} />
                      </>
                    ) : null}
                  </span>
                </Group>
              }
              actions={
                <Tooltip label={OFFLINE_REASON} disabled={!revive.offline}>
                  <Button loading={revive.busy} disabled={revive.offline} onClick={() => void revive.run()}>
                    Revive flag
                  </Button>
                </Tooltip>
              }
            />
            {revive.error ? <ErrorNotice error={revive.error} title="The flag was not revived" /> : null}
            <Alert color="gray" variant="light">
              This flag is archived: SDKs do not receive it. Revive it to change it again.
            </Alert>
            <Section title="History">
              <FlagTimeline name={flag.name} />
            </Section>
          </>
        ) : (
          <ErrorNotice
            error={new Error(`There is no flag named ${flag.name} in the project ${flag.project}.`)}
            title="Flag not found"
          />
        )
      }
    </QueryState>
  );
}

/** A flag's page (`/projects/:projectId/features/:featureId`): settings, environments, dependencies, tags, evaluations, history. */
export function FlagPage({ project, name }: FlagRef) {
  const flag = { project, name };
  const now = useNow();
  const offline = useConsoleState((state) => state.connectivity === 'offline');
  const lock = useEditingLock();
  const [archiving, setArchiving] = useState(false);
  const feature = useServerData(`flag:${project}/${name}`, (api, signal) =>
    createFlagPageApi(api.client).getFlag(flag, signal),
  );
  const back = (
    <Anchor component={Link} to={projectPath(project)} size="sm">
      ← Flags of {project}
    </Anchor>
  );

  if (isApiError(feature.error, 'NotFoundError')) {
    return (
      <>
        {back}
        <ArchivedFlag flag={flag} />
      </>
    );
  }

  return (
    <>
      {back}
      <QueryState query={feature} noun="the flag">
        {(data) => (
          <>
            <PageHeader
              title={data.name}
              description={
                <Group gap="xs" component="span">
                  <Badge component="span" variant="light">
                    {data.type}
                  </Badge>
                  {data.stale ? (
                    <Badge component="span" color="orange">
                      stale
                    </Badge>
                  ) : null}
                  <span>
                    in{' '}
                    <Anchor component={Link} to={projectPath(project)}>
                      {data.project}
                    </Anchor>
                    {data.createdAt ? (
                      <>
                        , created <RelativeTime value={data.createdAt} />
                      </>
                    ) : null}
                    {data.createdBy ? ` by ${data.createdBy.name}` : ''}
                  </span>
                </Group>
              }
              savedAt={feature.savedAt}
              fromCache={feature.fromCache}
              now={now}
              actions={
                <Tooltip label={lock ?? OFFLINE_REASON} disabled={!offline && lock === null}>
                  <Button
                    color="red"
                    variant="light"
                    disabled={offline || lock !== null}
                    onClick={() => setArchiving(true)}
                  >
                    Archive
                  </Button>
                </Tooltip>
              }
            />
            <FlagSettings flag={flag} feature={data} />
            <FlagChangeRequests project={project} name={name} />
            <FlagLifecycle flag={flag} />
            <Section title="Environments">
              <Stack gap="md">
                {(data.environments ?? []).map((environment) => (
                  <FlagEnvironment key={environment.name} flag={flag} environment={environment} />
                ))}
              </Stack>
            </Section>
            <Section title="Dependencies">
              <EditLock>
                <ChangeRequestRouting project={project}>
                  <FlagDependencies flag={flag} feature={data} />
                </ChangeRequestRouting>
              </EditLock>
            </Section>
            <Section title="Tags">
              <EditLock>
                <FlagTags name={name} />
              </EditLock>
            </Section>
            <Section title="Links">
              <EditLock>
                <FlagLinks flag={flag} feature={data} />
              </EditLock>
            </Section>
            <Section title="Evaluations">
              <EvaluationChart name={name} environments={(data.environments ?? []).map((env) => env.name)} />
            </Section>
            <Section title="History">
              <FlagTimeline name={name} />
            </Section>
            <ArchiveDialog
              flag={flag}
              feature={data}
              opened={archiving}
              onClose={() => setArchiving(false)}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
