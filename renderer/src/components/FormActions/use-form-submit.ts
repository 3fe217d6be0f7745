import { type FormEvent, useState } from 'react';

export interface FormSubmit {
  submitting: boolean;
  /** The last call's failure, for ErrorNotice and the fields its details name; cleared on the next try. */
  error: unknown;
  /** Set by the first attempt to submit: from then on the form shows its own checks' messages. */
  showErrors: boolean;
  /**
   * Handles the form's submit event: unless `blocked` (the form's own checks failed), runs `send`
   * and keeps what it throws as `error`.
   */
  submit: (event: FormEvent, blocked: boolean, send: () => Promise<void>) => Promise<void>;
}

/** The state every modal form keeps around its one call to the server. */
export function useFormSubmit(): FormSubmit {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [showErrors, setShowErrors] = useState(false);

  async function submit(event: FormEvent, blocked: boolean, send: () => Promise<void>) {
    event.preventDefault();
    setShowErrors(true);
    if (blocked) return;
    setSubmitting(true);
    setError(null);
    try {
      await send();
    } catch (caught) {
      setError(caught);
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, error, showErrors, submit };
}
