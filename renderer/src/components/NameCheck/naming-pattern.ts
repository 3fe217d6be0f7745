import type { RE2JS } from 're2js';
import { useEffect, useState } from 'react';
import type { FeatureNaming } from '../../../../server/contract';

/**
 * re2js is large (about a fifth of a first screen's gzipped code) and only forms with a naming
 * pattern need it, so it loads on first use (issue 33) rather than with the screens holding them.
 * Until it is there, nothing is reported: the server checks the name anyway.
 */
let engine: typeof RE2JS | null = null;
let loading: Promise<void> | null = null;

function loadEngine(): Promise<void> {
  loading ??= import('re2js').then(
    (module) => {
      engine = module.RE2JS;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Fetches the pattern engine ahead of use (app/prefetch-screens.ts). */
export const preloadNamingPatterns = (): Promise<void> => loadEngine();

/** Loads the pattern engine when `needed`; re-renders the caller once it can check patterns. */
export function useNamingPatterns(needed: boolean): boolean {
  const [ready, setReady] = useState(engine !== null);
  useEffect(() => {
    if (!needed || engine !== null) return;
    let live = true;
    loadEngine().then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed]);
  return ready || engine !== null;
}

/**
 * The project's flag naming pattern, checked in the console as the server checks it: the whole
 * name must match, compiled with re2js (linear time, the server's engine), so what passes here
 * passes there. Returns null when there is no pattern, it does not compile (the server decides),
 * or the engine has not loaded yet (useNamingPatterns).
 */
export function compileNamingPattern(pattern: string | null | undefined): RE2JS | null {
  if (!pattern || engine === null) return null;
  try {
    return engine.compile(`^(?:${pattern})$`);
  } catch {
    return null;
  }
}

/** Whether a pattern is a valid regular expression for the settings form. */
export function namingPatternError(pattern: string): string | undefined {
  if (!pattern || engine === null) return undefined;
  return compileNamingPattern(pattern) ? undefined : 'Not a valid regular expression';
}

/** Why a flag name breaks the project's naming pattern, or undefined when it does not. */
export function namingMismatch(name: string, naming: FeatureNaming | null | undefined): string | undefined {
  const regex = compileNamingPattern(naming?.pattern);
  if (!regex || !name || regex.matches(name)) return undefined;
  const example = naming?.example ? ` (for example "${naming.example}")` : '';
  return `The name does not match the project's naming pattern "${naming?.pattern}"${example}`;
}
