import { Code, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { EMAIL_TEMPLATES, type EmailTemplateName } from '../../../../server/contract/email-templates';
import { QueryState } from '../../components/QueryState/QueryState';
import { useServerData } from '../../stores/use-server-data';
import classes from './EmailPreviewTab.module.css';

const TEMPLATE_LABELS: Record<EmailTemplateName, string> = {
  'unleash-welcome': 'Invitation',
  'reset-password': 'Password reset',
};

type Format = 'html' | 'text';

/**
 * The e-mails the server sends, as a recipient would see them (GET
 * /api/admin/email/preview/{html,text}/{template}, with example values). The HTML is shown in a
 * sandboxed frame with no permissions at all: no scripts, no forms, no same-origin access, and its
 * links do not navigate the console.
 */
export function EmailPreviewTab() {
  const [template, setTemplate] = useState<EmailTemplateName>('unleash-welcome');
  const [format, setFormat] = useState<Format>('html');
  const preview = useServerData(`email-preview:${format}:${template}`, (api, signal) =>
    api.client.get<string>(`/api/admin/email/preview/${format}/${template}`, undefined, signal),
  );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        What the server sends when it invites someone or resets a password, with an example recipient and
        link. Without EMAIL_HOST no e-mail is sent: the console shows the link to the administrator instead.
      </Text>
      <SegmentedControl
        aria-label="E-mail"
        value={template}
        onChange={(value) => setTemplate(value as EmailTemplateName)}
        data={EMAIL_TEMPLATES.map((name) => ({ value: name, label: TEMPLATE_LABELS[name] }))}
      />
      <SegmentedControl
        aria-label="Format"
        value={format}
        onChange={(value) => setFormat(value as Format)}
        data={[
          { value: 'html', label: 'HTML' },
          { value: 'text', label: 'Plain text' },
        ]}
      />
      <QueryState query={preview} noun="the preview" isEmpty={(data) => String(data).length === 0}>
        {(data) =>
          format === 'html' ? (
            <iframe
              title={`${TEMPLATE_LABELS[template]} e-mail (HTML)`}
              sandbox=""
              referrerPolicy="no-referrer"
              srcDoc={String(data)}
              className={classes.frame}
              data-testid="email-preview-html"
            />
          ) : (
            <Code block data-testid="email-preview-text">
              {String(data)}
            </Code>
          )
        }
      </QueryState>
    </Stack>
  );
}
