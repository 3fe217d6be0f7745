import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorNotice } from '../ErrorNotice/ErrorNotice';
import classes from './QueryState.module.css';

export interface QueryStateProps<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  onRetry?: () => void;
  /** What is loaded, for messages: "projects". */
  noun: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** Loading, error, empty and loaded states of one server query, the same on every screen. */
export function QueryState<T>({
  data,
  loading,
  error,
  onRetry,
  noun,
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
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
