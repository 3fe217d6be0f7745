import { Alert, Badge, Code, Group, List, Stack, Text } from '@mantine/core';
import { type BundleDiff, type BundleVerification, shortFingerprint } from './bundle-api';

/** Who signed a bundle, whether this instance trusts that key, and whether the content is intact. */
export function BundleTrust({ verification }: { verification: BundleVerification }) {
  const { metadata, signer } = verification;
  return (
    <Alert
      color={verification.trusted ? 'teal' : 'orange'}
      variant="light"
      title={verification.trusted ? 'Signed by a trusted key' : 'Not trusted'}
      role="status"
      data-testid="bundle-trust"
    >
      <Stack gap={4}>
        <Group gap="xs">
          <Badge color={verification.hashValid ? 'teal' : 'red'} variant="light">
            {verification.hashValid ? 'Hash intact' : 'Hash does not match'}
          </Badge>
          <Badge
            color={!verification.signed ? 'gray' : verification.signatureValid ? 'teal' : 'red'}
            variant="light"
          >
            {!verification.signed
              ? 'Unsigned'
              : verification.signatureValid
                ? 'Signature valid'
                : 'Signature invalid'}
          </Badge>
          {signer ? (
            <Badge color={signer.trusted ? 'teal' : 'orange'} variant="light">
              {signer.trusted ? `Trusted as ${signer.name}` : 'Signer not trusted'}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">
          From {metadata.sourceInstanceName} ({metadata.environment}, {metadata.selection}), made by{' '}
          {metadata.author} at {metadata.createdAt}.
        </Text>
        {signer ? (
          <Text size="sm">
            Signer <Code title={signer.fingerprint}>{shortFingerprint(signer.fingerprint)}</Code>
          </Text>
        ) : null}
        {verification.problems.length ? (
          <List size="sm">
            {verification.problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Alert>
  );
}

const names = (list: string[]) =>
  list.length > 12 ? `${list.slice(0, 12).join(', ')} and ${list.length - 12} more` : list.join(', ');

/** The readable diff of a bundle against a project environment: added, changed, unchanged, not in the bundle. */
export function BundleDiffView({ diff }: { diff: BundleDiff }) {
  const rows: Array<[string, string[]]> = [
    ['Added', diff.added],
    ['Unchanged', diff.unchanged],
    ['Not in the bundle (left as they are)', diff.removed],
    ['Archived here (skipped)', diff.skippedArchived],
    ['Context fields created', diff.contextFieldsCreated],
    ['Segments created', diff.segmentsCreated],
    ['Tag types created', diff.tagTypesCreated],
  ];
  return (
    <Stack gap="xs" aria-label={`Changes in ${diff.project} / ${diff.environment}`}>
      <Text size="sm" fw={500}>
        Changes in {diff.project} / {diff.environment}
      </Text>
      <List size="sm">
        {rows
          .filter(([, list], index) => index === 0 || list.length > 0)
          .map(([label, list]) => (
            <List.Item key={label}>
              {label} ({list.length}){list.length ? `: ${names(list)}` : ''}
            </List.Item>
          ))}
        <List.Item>
          Changed ({diff.changed.length})
          {diff.changed.length ? (
            <List size="sm" withPadding>
              {diff.changed.slice(0, 50).map((change) => (
                <List.Item key={change.feature}>
                  {change.feature}: {change.parts.join(', ')}
                </List.Item>
              ))}
            </List>
          ) : null}
        </List.Item>
      </List>
    </Stack>
  );
}
