import { Alert } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader/PageHeader';

/**
 * What a desktop-only screen shows in a browser tab. The routes stay visible everywhere, so a link
 * or a bookmark explains itself instead of landing on "no such screen".
 */
export function DesktopOnly({ title, what }: { title: string; what: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert color="blue" variant="light" title="Only in the desktop app" data-testid="desktop-only">
        {what} belong to the Switchyard desktop app, which runs the server on this machine. Open the console
        from the desktop app to see them; a server run on its own is configured with its environment
        variables.
      </Alert>
    </>
  );
}
