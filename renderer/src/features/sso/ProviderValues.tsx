import { Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SsoEndpoints } from '../../../../server/contract';
import { QueryState } from '../../components/QueryState/QueryState';
import { useServerData } from '../../stores/use-server-data';
import classes from './ProviderValues.module.css';
import { type SsoProvider, ssoApi } from './sso-api';

/** What each provider's configuration asks for, in the words identity providers use. */
const VALUES: Record<SsoProvider, { key: keyof SsoEndpoints; label: string }[]> = {
  oidc: [
    { key: 'oidcRedirectUrl', label: 'Redirect (callback) URI' },
    { key: 'signedOutUrl', label: 'Post-logout redirect URI' },
  ],
  saml: [
    { key: 'samlEntityId', label: 'Entity ID (audience)' },
    { key: 'samlAcsUrl', label: 'ACS URL (assertion consumer service, HTTP-POST)' },
    { key: 'samlLogoutUrl', label: 'Single logout URL' },
    { key: 'samlMetadataUrl', label: 'Metadata URL' },
  ],
};

function CopyableValue({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" className={classes.value}>
          {value}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="light"
              className={classes.copy}
              onClick={copy}
              aria-label={`Copy ${label}`}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * Issue 33 §3: the values to enter at the identity provider, from the server's own routes and
 * public URL (`GET /api/admin/auth/sso/endpoints`), so they are right behind a proxy too.
 */
export function ProviderValues({ provider }: { provider: SsoProvider }) {
  const endpoints = useServerData('sso-endpoints', (api) => ssoApi(api).endpoints());
  return (
    <Paper withBorder p="md" mb="md" maw={640} data-testid={`sso-values-${provider}`}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          For the identity provider
        </Title>
        <QueryState query={endpoints} noun="addresses" isEmpty={() => false}>
          {(data) => (
            <Stack gap="sm">
              {VALUES[provider].map((value) => (
                <CopyableValue key={value.key} label={value.label} value={data[value.key]} />
              ))}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}
