import { Alert } from '@mantine/core';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { needsFormAlert } from '../../components/ErrorNotice/field-errors';

/** The refusal above the form, unless it names a constraint: that one shows under the constraint. */
export function StrategyFormErrors({
  error,
  editing,
  locatedSomething,
}: {
  error: unknown;
  editing: boolean;
  locatedSomething: boolean;
}) {
  return (
    <>
      {needsFormAlert(error) && !locatedSomething ? (
        <ErrorNotice
          error={error}
          title={editing ? 'The strategy was not saved' : 'The strategy was not added'}
        />
      ) : null}
      {error && locatedSomething ? (
        <Alert color="red" variant="light">
          The server refused a constraint: see the message under it.
        </Alert>
      ) : null}
    </>
  );
}
