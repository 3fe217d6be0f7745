import { Center, Loader } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { lazyComponent } from '../components/LazyComponent/lazy-component';

/**
 * A console screen in its own chunk (issue 33: the first screen loads only its own code), loaded
 * when first opened (inside the shell's Suspense) or ahead of that by prefetch-screens.ts.
 */
export interface LazyScreen {
  /** Fetches the screen's chunk (once); resolves when it can render without suspending. */
  preload(): Promise<unknown>;
  Screen: ComponentType;
}

/** A screen renders without props (some take optional ones for other uses, e.g. ArchiveScreen). */
type ScreenComponent = (props: Record<string, never>) => ReactNode;

export function lazyScreen<K extends string, M extends Record<K, ScreenComponent>>(
  load: () => Promise<M>,
  name: K,
): LazyScreen {
  const lazy = lazyComponent(load, name);
  return { preload: lazy.preload, Screen: lazy.Component as ComponentType };
}

/** What the shell shows in the screen's place while its chunk loads: the header and navigation stay. */
export function ScreenLoading() {
  return (
    <Center mih={200} data-testid="screen-loading">
      <Loader role="status" aria-label="Loading the screen" />
    </Center>
  );
}
