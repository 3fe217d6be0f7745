import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { useServerWrite } from '../../stores/use-mutations';
import { bundleApi } from './bundle-api';
import { downloadJson, type ExportQuery, exportFileName, exportFlags } from './import-export-api';

type Selection = 'project' | 'tag' | 'search';
type Format = 'unleash' | 'bundle';

/**
 * Exports flags of a project as Unleash's export file (issue 18): all of the project's flags,
 * those with a tag, or those a search finds, for one environment; the browser downloads the JSON.
 * As a signed bundle (admins), the file carries its origin and this instance's Ed25519 signature.
 */
export function ExportDialog({
  projectId,
  flagNames,
  environments,
  opened,
  onClose,
  now = () => new Date(),
  save = downloadJson,
}: {
  projectId: string;
  flagNames: string[];
  environments: string[];
  opened: boolean;
  onClose: () => void;
  now?: () => Date;
  save?: (fileName: string, value: unknown) => void;
}) {
  const [selection, setSelection] = useState<Selection>('project');
  const [environment, setEnvironment] = useState<string | null>(environments[0] ?? null);
  const [tag, setTag] = useState('');
  const [search, setSearch] = useState('');
  const [withSegments, setWithSegments] = useState(false);
  const [format, setFormat] = useState<Format>('unleash');
  const matching = flagNames.filter((name) => name.toLowerCase().includes(search.trim().toLowerCase()));
  const ready =
    environment !== null &&
    (selection === 'project' ||
      (selection === 'tag' ? tag.trim() !== '' : search.trim() !== '' && matching.length > 0));
  const { run, busy, error, done } = useExportRun({
    ...{ projectId, selection, environment, tag, matching, withSegments, format, now, save },
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Export flags" size="lg">
      <Stack>
        <ExportSelectionFields
          {...{ selection, setSelection, tag, setTag, search, setSearch }}
          matchCount={matching.length}
        />
        <Select
          label="Environment"
          data={environments}
          value={environment}
          onChange={setEnvironment}
          allowDeselect={false}
        />
        <ExportFormatFields {...{ format, setFormat, withSegments, setWithSegments }} />
        {done ? (
          <Alert color="teal" variant="light" role="status">
            {done}
          </Alert>
        ) : null}
        {error ? <ErrorNotice error={error} title="The export failed" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={run} loading={busy} disabled={!ready}>
            Export
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Runs the export as chosen and saves the file, with its progress, error and outcome. */
function useExportRun({
  projectId,
  selection,
  environment,
  tag,
  matching,
  withSegments,
  format,
  now,
  save,
}: {
  projectId: string;
  selection: Selection;
  environment: string | null;
  tag: string;
  matching: string[];
  withSegments: boolean;
  format: Format;
  now: () => Date;
  save: (fileName: string, value: unknown) => void;
}) {
  const write = useServerWrite({ kind: 'flag-export' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  async function run() {
    if (!environment) return;
    setBusy(true);
    setError(null);
    setDone(null);
    const base = {
      environment,
      downloadFile: true,
      ...(withSegments ? { withSegmentDefinitions: true } : {}),
    };
    const query: ExportQuery =
      selection === 'project'
        ? { ...base, project: projectId }
        : selection === 'tag'
          ? { ...base, tag: tag.trim() }
          : { ...base, features: matching };
    try {
      const label = selection === 'tag' ? `tag-${tag.trim()}` : projectId;
      const fileName = exportFileName(label, environment, now());
      if (format === 'bundle') {
        const bundle = await write((api) => bundleApi(api.client).exportBundle(query));
        save(fileName.replace(/^switchyard-export-/, 'switchyard-bundle-'), bundle);
        const count = bundle.export.features.length;
        setDone(`Exported ${count} flag${count === 1 ? '' : 's'} from ${environment} as a signed bundle.`);
      } else {
        const file = await write((api) => exportFlags(api.client, query));
        save(fileName, file);
        setDone(
          `Exported ${file.features.length} flag${file.features.length === 1 ? '' : 's'} from ${environment}.`,
        );
      }
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return { run, busy, error, done };
}

/** Which flags to export: the whole project, those with a tag, or those whose name matches. */
function ExportSelectionFields({
  selection,
  setSelection,
  tag,
  setTag,
  search,
  setSearch,
  matchCount,
}: {
  selection: Selection;
  setSelection: (selection: Selection) => void;
  tag: string;
  setTag: (tag: string) => void;
  search: string;
  setSearch: (search: string) => void;
  matchCount: number;
}) {
  return (
    <>
      <SegmentedControl
        aria-label="Which flags"
        value={selection}
        onChange={(value) => setSelection(value as Selection)}
        data={[
          { value: 'project', label: 'All flags of the project' },
          { value: 'tag', label: 'By tag' },
          { value: 'search', label: 'By search' },
        ]}
      />
      {selection === 'tag' ? (
        <TextInput
          label="Tag value"
          description="Flags carrying a tag with this value, in any project (as Unleash exports by tag)."
          value={tag}
          onChange={(event) => setTag(event.currentTarget.value)}
        />
      ) : null}
      {selection === 'search' ? (
        <>
          <TextInput
            label="Flag name contains"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Text size="sm" c="dimmed">
            {search.trim() === '' ? 'Type part of a flag name.' : `${matchCount} flag(s) match.`}
          </Text>
        </>
      ) : null}
    </>
  );
}

/** The file's format, and for Unleash's format whether segment definitions go with it. */
function ExportFormatFields({
  format,
  setFormat,
  withSegments,
  setWithSegments,
}: {
  format: Format;
  setFormat: (format: Format) => void;
  withSegments: boolean;
  setWithSegments: (withSegments: boolean) => void;
}) {
  return (
    <>
      <SegmentedControl
        aria-label="File format"
        value={format}
        onChange={(value) => setFormat(value as Format)}
        data={[
          { value: 'unleash', label: 'Unleash export file' },
          { value: 'bundle', label: 'Signed bundle' },
        ]}
      />
      {format === 'bundle' ? (
        <Text size="sm" c="dimmed">
          Signed with this instance's key (Trusted keys screen); another Switchyard verifies and shows the
          diff before applying it. Segment definitions are included.
        </Text>
      ) : (
        <Checkbox
          label="Include segment definitions (Switchyard can then create missing segments; Unleash refuses such a file)"
          checked={withSegments}
          onChange={(event) => setWithSegments(event.currentTarget.checked)}
        />
      )}
    </>
  );
}
