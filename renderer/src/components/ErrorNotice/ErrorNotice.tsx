import { Alert, Button, List, Text } from '@mantine/core';
import { ApiError, NetworkError } from '../../api/api-error';
import classes from './ErrorNotice.module.css';

export interface ErrorNoticeProps {
  error: unknown;
  /** What was being done, for the title: "Could not load projects". */
  title?: string;
  onRetry?: () => void;
}

function explain(error: unknown): { title: string; body: string; details: string[] } {
  if (error instanceof NetworkError) {
    return {
      title: 'The server is unreachable',
      body: `${error.message}. Nothing of this screen was saved on this device before, so there is nothing to show until it is back.`,
      details: [],
    };
  }
  if (error instanceof ApiError) {
    const details = error
      .generalDetails()
      .map((detail) => (detail.path ? `${detail.path}: ${detail.message}` : detail.message));
    if (
      error.status === 404 &&
      error.errorName === 'NotFoundError' &&
      /is not available/.test(error.message)
    ) {
      return { title: 'This server does not offer this API', body: error.message, details };
    }
    if (error.status === 403) return { title: 'Not allowed', body: error.message, details };
    return { title: error.errorName, body: error.message, details };
  }
  return {
    title: 'Something went wrong',
    body: error instanceof Error ? error.message : String(error),
    details: [],
  };
}

/** Unleash's error message and details for a failed load or action, with an optional retry. */
export function ErrorNotice({ error, title, onRetry }: ErrorNoticeProps) {
  const explained = explain(error);
  return (
    <Alert color="red" variant="light" title={title ?? explained.title} className={classes.root} role="alert">
      {title ? (
        <Text size="sm" fw={600}>
          {explained.title}
        </Text>
      ) : null}
      <Text size="sm">{explained.body}</Text>
      {explained.details.length > 0 ? (
        <List size="sm" className={classes.details}>
          {explained.details.map((detail) => (
            <List.Item key={detail}>{detail}</List.Item>
          ))}
        </List>
      ) : null}
      {onRetry ? (
        <Button size="xs" variant="light" color="red" onClick={onRetry} className={classes.retry}>
          Try again
        </Button>
      ) : null}
    </Alert>
  );
}
