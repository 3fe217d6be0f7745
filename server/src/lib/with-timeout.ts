/**
 * `promise`, or a rejection with `onTimeout()` once `ms` have passed (the work itself goes on;
 * the caller just stops waiting). Used to bound waits on the database (issue 12).
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** An error the error handler answers with 503 ServiceUnavailableError (its code says: timed out). */
export function timedOut(what: string, ms: number): Error {
  return Object.assign(new Error(`${what} took over ${ms} ms`), { code: 'ETIMEDOUT' });
}
