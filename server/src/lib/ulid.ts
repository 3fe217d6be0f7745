import { randomBytes } from 'node:crypto';

/** Crockford's base 32, the alphabet of ULIDs. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

let lastTime = -1;
let lastRandom: number[] = [];

/**
 * A ULID (https://github.com/ulid/spec): 48 bits of milliseconds then 80 random bits, 26
 * characters that sort by creation time. Unleash 8 gives strategies ULID ids (API.md §6.2).
 * Within one millisecond the random part is incremented, so ids made in a burst still sort.
 */
export function ulid(now: number = Date.now()): string {
  let random: number[];
  if (now === lastTime) {
    random = [...lastRandom];
    for (let i = random.length - 1; i >= 0; i -= 1) {
      if (random[i]! < 31) {
        random[i] = random[i]! + 1;
        break;
      }
      random[i] = 0;
    }
  } else {
    const bytes = randomBytes(16);
    random = Array.from({ length: 16 }, (_, i) => bytes[i]! % 32);
  }
  lastTime = now;
  lastRandom = random;
  let time = '';
  let rest = now;
  for (let i = 0; i < 10; i += 1) {
    time = ALPHABET[rest % 32] + time;
    rest = Math.floor(rest / 32);
  }
  return time + random.map((digit) => ALPHABET[digit]).join('');
}
