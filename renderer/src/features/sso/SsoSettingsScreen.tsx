import { PasswordInput, Select, Stack, Switch, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf } from '../../components/ErrorNotice/field-errors';
import { FormActions } from '../../components/FormActions/FormActions';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useServerDraft } from '../../components/FormActions/use-server-draft';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { SecretsNotice } from '../../components/SecretsNotice/SecretsNotice';
import { useServerWrite } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { ProviderValues } from './ProviderValues';
import { SSO_FIELDS, type SsoField, type SsoProvider, type SsoSettings, ssoApi } from './sso-api';

const PROVIDER_NAMES: Record<SsoProvider, string> = { oidc: 'OpenID Connect', saml: 'SAML 2.0' };

function FieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: SsoField;
  value: unknown;
  error: string | undefined;
  onChange: (value: unknown) => void;
}) {
  const common = { label: field.label, description: field.description, error };
  switch (field.kind) {
    case 'switch':
      return (
        <Switch
          label={field.label}
          description={field.description}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'secret':
      return (
        <PasswordInput
          {...common}
          autoComplete="off"
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          rows={4}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'role':
      return (
        <Select
          {...common}
          data={['Viewer', 'Editor', 'Admin']}
          value={(value as string) ?? 'Viewer'}
          allowDeselect={false}
          onChange={(v) => onChange(v)}
        />
      );
    case 'algorithm':
      return (
        <Select
          {...common}
          data={['RS256', 'RS384', 'RS512']}
          value={(value as string) ?? 'RS256'}
          allowDeselect={false}
          onChange={(v) => onChange(v)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

function SsoForm({
  provider,
  settings,
  onSaved,
}: {
  provider: SsoProvider;
  settings: SsoSettings;
  onSaved: () => void;
}) {
  const write = useServerWrite({ kind: `sso-${provider}` });
  const { draft, change, reset } = useServerDraft<SsoSettings>(settings);
  const { submitting, error, submit } = useFormSubmit();
  const errors = fieldErrorsOf(error);
  const set = (key: keyof SsoSettings) => (value: unknown) =>
    change({ [key]: value } as Partial<SsoSettings>);

  return (
    <form
      onSubmit={(event) =>
        submit(event, false, async () => {
          // The defaultRootRoleId the server derived stays out: the role name is what the form edits.
          const { defaultRootRoleId: _derived, ...body } = draft;
          await write((api) => ssoApi(api).save(provider, body));
          onSaved();
        })
      }
      noValidate
    >
      <Stack gap="sm" maw={640}>
        {error ? (
          <ErrorNotice error={error} title={`The ${PROVIDER_NAMES[provider]} settings were not saved`} />
        ) : null}
        <Switch
          label={`Enable ${PROVIDER_NAMES[provider]}`}
          checked={draft.enabled === true}
          onChange={(e) => set('enabled')(e.currentTarget.checked)}
        />
        {SSO_FIELDS[provider].map((field) => (
          <FieldInput
            key={field.key}
            field={field}
            value={draft[field.key]}
            error={errors[field.key]}
            onChange={set(field.key)}
          />
        ))}
        <FormActions submitLabel="Save settings" submitting={submitting} onCancel={reset} />
      </Stack>
    </form>
  );
}

function ProviderPanel({ provider }: { provider: SsoProvider }) {
  const settings = useServerData(`sso-${provider}`, (api) => ssoApi(api).settings(provider));
  const [saved, setSaved] = useState(false);
  return (
    <>
      <ProviderValues provider={provider} />
      {saved ? (
        <Text size="sm" role="status" mb="sm">
          {PROVIDER_NAMES[provider]} settings saved.
        </Text>
      ) : null}
      <QueryState query={settings} noun="settings" isEmpty={() => false}>
        {(data) => <SsoForm provider={provider} settings={data} onSaved={() => setSaved(true)} />}
      </QueryState>
    </>
  );
}

/** `/admin/auth` (Unleash's path): OpenID Connect and SAML sign-in, with Unleash's settings. */
export function SsoSettingsScreen() {
  const now = useNow();
  return (
    <>
      <PageHeader
        title="Single sign-on"
        description="Sign-in through an OpenID Connect or SAML 2.0 identity provider."
        now={now}
      />
      <SecretsNotice>
        Saving the OpenID Connect client secret or the SAML service provider private key is refused.
      </SecretsNotice>
      <Tabs defaultValue="oidc" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="oidc">OpenID Connect</Tabs.Tab>
          <Tabs.Tab value="saml">SAML 2.0</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="oidc" pt="md">
          <ProviderPanel provider="oidc" />
        </Tabs.Panel>
        <Tabs.Panel value="saml" pt="md">
          <ProviderPanel provider="saml" />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
