import { monotonicFactory } from 'ulidx';

/**
 * A ULID (https://github.com/ulid/spec): 48 bits of milliseconds then 80 random bits, 26
 * characters that sort by creation time. Unleash 8 gives strategies ULID ids (API.md §6.2).
 * Monotonic: within one millisecond the random part is incremented, so ids made in a burst
 * still sort. ulidx implements the spec with its own test suite (including the overflow of the
 * random part, which our hand-written version let wrap around silently).
 */
export const ulid: (now?: number) => string = monotonicFactory();
