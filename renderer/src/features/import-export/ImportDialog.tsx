import { Button, Checkbox, FileInput, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { BundleDiffView, BundleTrust } from './BundleResults';
import type { BundlePlan } from './bundle-api';
import { ImportOutcome, ValidationResults } from './ImportResults';
import { type ImportFile, useImportDialog } from './use-import-dialog';

/**
 * Imports an export file (Unleash's or ours) into a project and environment (issue 18): pick the
 * file and the target, Validate shows the errors, warnings, missing permissions and what would be
 * created or changed; Import applies it all or nothing and shows what it did. A signed bundle
 * shows its signer and whether this instance trusts it, and the diff, before applying; one that is
 * not trusted applies only with the override (recorded in the event log).
 */
export function ImportDialog({
  defaultProject,
  opened,
  onClose,
}: {
  defaultProject: string;
  opened: boolean;
  onClose: () => void;
}) {
  const dialog = useImportDialog(defaultProject);
  const { file, project, target, result, applied, error, busy, checked, run } = dialog;
  return (
    <Modal opened={opened} onClose={onClose} title="Import flags" size="lg">
      <Stack>
        <ImportFilePicker
          picked={dialog.picked}
          file={file}
          problem={dialog.problem}
          onPick={dialog.readFile}
        />
        <Group grow>
          <Select
            label="Target project"
            data={dialog.projectOptions}
            value={project}
            onChange={dialog.chooseProject}
            allowDeselect={false}
          />
          <Select
            label="Target environment"
            data={dialog.environments}
            value={target}
            onChange={dialog.chooseEnvironment}
            allowDeselect={false}
          />
        </Group>
        {dialog.validation && !result ? <ValidationResults validation={dialog.validation} /> : null}
        {dialog.plan && !result ? (
          <BundlePlanReview plan={dialog.plan} override={dialog.override} onOverride={dialog.setOverride} />
        ) : null}
        {result ? <ImportOutcome result={result} /> : null}
        {applied ? (
          <Text size="sm" role="status">
            Recorded in the event log (event #{applied.eventId}) with the bundle hash
            {applied.overridden ? ', as an override' : ''}.
          </Text>
        ) : null}
        {error ? <ErrorNotice error={error} title="The server refused" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            variant="default"
            onClick={() => void run('validate')}
            loading={busy && !checked}
            disabled={!file || !project || !target || result !== null}
          >
            Validate
          </Button>
          <Button
            onClick={() => void run('import')}
            loading={busy && checked !== null}
            disabled={!dialog.importable || result !== null}
          >
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The file input, what the picked file holds, and why it could not be read. */
function ImportFilePicker({
  picked,
  file,
  problem,
  onPick,
}: {
  picked: File | null;
  file: ImportFile | null;
  problem: string | null;
  onPick: (picked: File | null) => Promise<void>;
}) {
  return (
    <>
      <FileInput
        label="File to import"
        description="A JSON file exported by Switchyard or Unleash, or a signed Switchyard bundle."
        accept="application/json,.json"
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
        value={picked}
        onChange={(chosen) => void onPick(chosen)}
        fileInputProps={{ 'aria-label': 'Export file' }}
      />
      {file ? (
        <Text size="sm" role="status">
          {file.name}: {file.bundle ? 'signed bundle, ' : ''}
          {file.data.features.length} flag(s)
        </Text>
      ) : null}
      {problem ? (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      ) : null}
    </>
  );
}

/** A signed bundle's plan: who signed it, what it would change, and the override when untrusted. */
function BundlePlanReview({
  plan,
  override,
  onOverride,
}: {
  plan: BundlePlan;
  override: boolean;
  onOverride: (override: boolean) => void;
}) {
  return (
    <Stack gap="sm">
      <BundleTrust verification={plan.verification} />
      <ValidationResults
        validation={{ errors: plan.errors, warnings: plan.warnings, permissions: plan.permissions }}
      />
      <BundleDiffView diff={plan.diff} />
      {plan.verification.trusted ? null : (
        <Checkbox
          label="Apply anyway: I checked where this bundle comes from (the override is recorded in the event log)"
          checked={override}
          onChange={(event) => onOverride(event.currentTarget.checked)}
        />
      )}
    </Stack>
  );
}
