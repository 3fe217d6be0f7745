import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorNotice } from '../ErrorNotice/ErrorNotice';
import classes from './QueryState.module.css';

/** What a server query knows: `useServerData` returns one, and screens may derive their own. */
export interface QueryLike<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  reload?: () => void;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** What is loaded, for messages: "projects". */
  noun: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** Loading, error, empty and loaded states of one server query, the same on every screen. */
export function QueryState<T>({ query, noun, isEmpty, empty, children }: QueryStateProps<T>) {
  const { data, loading, error, reload: onRetry } = query;
  if (data === undefined) {
    if (error)
      return <ErrorNotice error={error} title={`Could not load ${noun}`} {...(onRetry ? { onRetry } : {})} />;
    if (loading) {
      return (
        <Center className={classes.loading}>
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Loading {noun}…
            </Text>
          </Stack>
        </Center>
      );
    }
    return null;
  }
  return (
    <>
      {error ? (
        <ErrorNotice error={error} title={`Could not refresh ${noun}`} {...(onRetry ? { onRetry } : {})} />
      ) : null}
      {isEmpty?.(data) ? (
        <Center className={classes.empty}>
          <Text c="dimmed">{empty ?? `No ${noun} yet.`}</Text>
        </Center>
      ) : (
        children(data)
      )}
    </>
  );
}
