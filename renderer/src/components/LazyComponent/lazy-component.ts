import { type ComponentType, createElement, type ReactNode, use } from 'react';

/** A function component of any props. */
type AnyComponent = (props: never) => ReactNode;
type PropsOf<C> = C extends (props: infer P) => ReactNode ? P : never;

/**
 * A component whose code is a chunk of its own (issue 33), loaded on first render or ahead of it
 * with `preload()`. Unlike React.lazy, a component already loaded renders at once (its promise is
 * marked settled, so tests that preload never suspend), and a failed load is forgotten, so the
 * next render fetches the chunk again instead of repeating the old error.
 */
export interface LazyComponent<C extends AnyComponent> {
  preload(): Promise<C>;
  /** Suspends, inside the nearest Suspense, until the chunk is there. */
  Component: C;
}

export function lazyComponent<K extends string, M extends Record<K, AnyComponent>>(
  load: () => Promise<M>,
  name: K,
): LazyComponent<M[K]> {
  let loading: Promise<M[K]> | null = null;
  function preload(): Promise<M[K]> {
    if (loading) return loading;
    const promise: Promise<M[K]> = load().then(
      (module) => {
        // React's mark of a settled promise: use() then reads the value without suspending.
        Object.assign(promise, { status: 'fulfilled', value: module[name] });
        return module[name];
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    loading = promise;
    return promise;
  }
  function Component(props: PropsOf<M[K]>) {
    // Always use(), never skipped once loaded: React requires the same calls after a suspension.
    const Loaded = use(preload()) as unknown as ComponentType<object>;
    return createElement(Loaded, props as object);
  }
  Component.displayName = `Lazy(${name})`;
  return { preload, Component: Component as unknown as M[K] };
}
