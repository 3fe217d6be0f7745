import { Center, Loader } from '@mantine/core';
import { type ComponentProps, Suspense } from 'react';
import { lazyComponent } from '../../components/LazyComponent/lazy-component';

const flagPage = lazyComponent(() => import('./FlagPage'), 'FlagPage');

/** Fetches the flag page's chunk ahead of use (app/prefetch-screens.ts). */
export const preloadFlagPage = (): Promise<unknown> => flagPage.preload();

/**
 * A flag's page, in a chunk of its own (issue 33): the flag list and the create-flag form (which
 * need only flag-edits) and a project's screen load without it, and it comes when a flag is opened.
 */
export function LazyFlagPage(props: ComponentProps<typeof flagPage.Component>) {
  return (
    <Suspense
      fallback={
        <Center mih={200}>
          <Loader role="status" aria-label="Loading the flag" />
        </Center>
      }
    >
      <flagPage.Component {...props} />
    </Suspense>
  );
}
