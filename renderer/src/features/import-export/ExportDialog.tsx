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
  const write = useServerWrite({ kind: 'flag-export' });
  const [selection, setSelection] = useState<Selection>('project');
  const [environment, setEnvironment] = useState<string | null>(environments[0] ?? null);
  const [tag, setTag] = useState('');
  const [search, setSearch] = useState('');
  const [withSegments, setWithSegments] = useState(false);
  const [format, setFormat] = useState<Format>('unleash');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const matching = flagNames.filter((name) => name.toLowerCase().includes(search.trim().toLowerCase()));
  const ready =
    environment !== null &&
    (selection === 'project' ||
      (selection === 'tag' ? tag.trim() !== '' : search.trim() !== '' && matching.length > 0));

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

  return (
    <Modal opened={opened} onClose={onClose} title="Export flags" size="lg">
      <Stack>
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
              {search.trim() === '' ? 'Type part of a flag name.' : `${matching.length} flag(s) match.`}
            </Text>
          </>
        ) : null}
        <Select
          label="Environment"
          data={environments}
          value={environment}
          onChange={setEnvironment}
          allowDeselect={false}
        />
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
