import { Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type CrudDialogs, CrudEditDialog } from '../../components/CrudDialogs/CrudDialogs';
import { SecretReveal } from '../../components/SecretReveal/SecretReveal';
import { useServerData } from '../../stores/use-server-data';

/** What a token form needs to offer its choices: enabled environments and the projects. */
export interface TokenFormChoices {
  environments: readonly string[];
  projects: ReadonlyArray<{ id: string; name: string }>;
}

interface CreatedSecretToken {
  tokenName: string;
  secret?: string | null;
}

export interface NewSecretTokenDialogProps<T extends CreatedSecretToken, Row> {
  /** The list screen's dialogs; this one opens with its create target. */
  dialogs: CrudDialogs<Row>;
  /** The dialog's title before creation, e.g. "New API token". */
  title: string;
  /** What the created token is called in the title after creation, e.g. "Token". */
  noun: string;
  form: (choices: TokenFormChoices, onCreated: (token: T) => void, onCancel: () => void) => ReactNode;
}

/**
 * A token's create form, then its secret, shown once: the server keeps only a hash, so the dialog
 * cannot be dismissed by a click outside while the secret shows.
 */
export function NewSecretTokenDialog<T extends CreatedSecretToken, Row>({
  dialogs,
  title,
  noun,
  form,
}: NewSecretTokenDialogProps<T, Row>) {
  const environments = useServerData('environments', (api) => api.listEnvironments());
  const projects = useServerData('projects', (api) => api.listProjects());
  const [created, setCreated] = useState<T | null>(null);
  const close = () => {
    dialogs.closeEdit();
    setCreated(null);
  };
  const choices: TokenFormChoices = {
    environments: (environments.data?.environments ?? []).filter((e) => e.enabled).map((e) => e.name),
    projects: projects.data?.projects ?? [],
  };
  return (
    <CrudEditDialog
      dialogs={dialogs}
      size="lg"
      onClose={() => setCreated(null)}
      closeOnClickOutside={!created}
      title={() => (created ? `${noun} ${created.tokenName} created` : title)}
    >
      {() => {
        if (!created) return form(choices, setCreated, close);
        if (created.secret) return <SecretReveal secret={created.secret} onDone={close} />;
        return <Text>The server created the token but sent no secret back.</Text>;
      }}
    </CrudEditDialog>
  );
}
