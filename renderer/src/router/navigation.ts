import { useMemo } from 'react';
import { useLocation as useRouterLocation } from 'react-router';
import { type QueryValues, queryOf, withQuery } from './paths';

export { Link } from 'react-router';

/**
 * The screens' view of React Router: a path and its query, and `navigate` callable from event
 * handlers outside components (the command bar, the desktop menu) without threading a hook.
 */
export interface Location {
  path: string;
  query: Record<string, string>;
}

interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): Promise<void> | void;
}

let activeRouter: Navigator | null = null;

/** Called by createConsoleRouter: one console, one router, per page (and per test). */
export function setActiveRouter(router: Navigator | null): void {
  activeRouter = router;
}

export function useLocation(): Location {
  const { pathname, search } = useRouterLocation();
  return useMemo(
    () => ({ path: pathname.replace(/(.)\/+$/, '$1'), query: queryOf(search) }),
    [pathname, search],
  );
}

export function navigate(path: string, query?: QueryValues): void {
  void activeRouter?.navigate(withQuery(path, query));
}

/** Replaces the query of the current screen without a new history entry (filters, paging). */
export function replaceQuery(path: string, query: QueryValues): void {
  void activeRouter?.navigate(withQuery(path, query), { replace: true });
}
