import { lazy, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';

interface RouteModule {
  Component?: ComponentType | null;
}
type Loader = () => Promise<RouteModule>;

/**
 * Renders the route table (whose pages load lazily, STYLE.md §2) with the declarative router: `useRoutes` plus
 * React.lazy. The data router (`createBrowserRouter`) would add about 17 KB gzip to the entry chunk, and the
 * first load must stay small (issue #10). Each page module is fetched once; `preload` starts the fetch for a
 * path before React renders, in parallel with the session request.
 */
export function routeElements(routes: RouteObject[]) {
  const loaders = new WeakMap<RouteObject, Loader>();

  const loaderOf = (route: RouteObject): Loader | undefined => {
    const load = route.lazy;
    if (typeof load !== 'function') return undefined;
    let loader = loaders.get(route);
    if (!loader) {
      let pending: Promise<RouteModule> | undefined;
      // A failed fetch (offline) is forgotten, so the next visit tries again.
      loader = () =>
        (pending ??= (load() as Promise<RouteModule>).catch((error: unknown) => {
          pending = undefined;
          throw error;
        }));
      loaders.set(route, loader);
    }
    return loader;
  };

  const convert = (route: RouteObject): RouteObject => {
    const loader = loaderOf(route);
    const converted = { ...route, lazy: undefined } as RouteObject;
    if (loader) {
      const Page = lazy(async () => ({ default: (await loader()).Component ?? (() => null) }));
      converted.element = <Page />;
    }
    if (route.children) converted.children = route.children.map(convert);
    return converted;
  };
  const elementRoutes = routes.map(convert);

  /** The page for the current location; the caller wraps it in a router and a Suspense boundary. */
  function AppRoutes() {
    return useRoutes(elementRoutes);
  }

  /** Starts loading the page modules of a path. */
  const preload = (pathname: string): void => {
    for (const match of matchRoutes(routes, pathname) ?? []) {
      loaderOf(match.route)?.().catch(() => undefined);
    }
  };

  return { AppRoutes, preload };
}
