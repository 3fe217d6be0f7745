import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Link } from '../../router/navigation';
import { LOGIN_PATH } from '../../router/paths';
import classes from './SignedOutLayout.module.css';

/** The frame of the pages for people who are not signed in: a titled panel with a way back. */
export function SignedOutLayout({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Switchyard`;
  }, [title]);
  return (
    <Center className={classes.page} component="main">
      <Paper withBorder shadow="sm" p="xl" className={classes.panel}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </Stack>
          {children}
          <Anchor component={Link} to={LOGIN_PATH} size="sm">
            Back to sign-in
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
