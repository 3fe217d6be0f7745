import { type ComponentProps, Suspense, useState } from 'react';
import { lazyComponent } from '../../components/LazyComponent/lazy-component';

const dialog = lazyComponent(() => import('./ProjectStatusDialog'), 'ProjectStatusDialog');

/** Fetches the dialog's chunk (and the charts') ahead of use (app/prefetch-screens.ts). */
export const preloadProjectStatusDialog = (): Promise<unknown> => dialog.preload();

/**
 * The project status dialog for the project screen: its charts (recharts, a chunk of their own)
 * load when it is first opened, not with the project screen (issue 33).
 */
export function LazyProjectStatusDialog(props: ComponentProps<typeof dialog.Component>) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <dialog.Component {...props} />
    </Suspense>
  );
}
