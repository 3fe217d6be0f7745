import type { HttpAnswer } from './sdk-server';
import type { SpecVariant } from './spec-file';

// How the spec state builder reads the admin API's answers: refusals and stored variants.

/**
 * The reason an admin request was refused. Only a 4xx is a refusal (the state is not
 * expressible); anything else is a server failure, which must fail the test, never skip a case.
 */
export const describeRefusal = (action: string, answer: HttpAnswer) => {
  if (answer.status < 400 || answer.status >= 500) {
    throw new Error(`${action}: unexpected ${answer.status} ${answer.text}`);
  }
  const body = answer.body as
    | { name?: string; message?: string; details?: { message?: string }[] }
    | undefined;
  const detail = body?.details?.[0]?.message ?? body?.message ?? answer.text;
  return `${action} → ${answer.status} ${body?.name ?? ''}: ${detail}`.replace(/\s+/g, ' ').trim();
};

export const sameWeights = (sent: SpecVariant[], stored: { name: string; weight: number }[]): boolean => {
  const active = (list: { name: string; weight: number }[]) => list.filter((variant) => variant.weight > 0);
  const [a, b] = [active(sent), active(stored)];
  // One variant that can be picked is picked whatever the total weight.
  if (a.length === 1 && b.length === 1) return a[0]!.name === b[0]!.name;
  return (
    sent.length === stored.length &&
    sent.every((variant, i) => variant.name === stored[i]!.name && variant.weight === stored[i]!.weight)
  );
};

export const weightsOf = (variants: { name: string; weight: number }[]) =>
  variants.map((variant) => `${variant.name}=${variant.weight}`).join(', ');
