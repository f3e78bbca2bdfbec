import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { useMatches } from 'react-router';

/**
 * The shape of the one routes array (web/src/routes.tsx) that feeds both the router and the
 * sidenav, as in Material Dashboard: routes, sidenav section headings and extra sidenav links
 * in sidenav order.
 */

/** private: needs a session; guest: only without one (Login); public: either way. */
export type RouteAccess = 'private' | 'guest' | 'public';

export interface NavInfo {
  label: string;
  icon: ReactElement;
}

export interface RouteEntry {
  kind: 'route';
  key: string;
  path: string;
  /** Breadcrumb and title of the top bar. */
  name: string;
  /** A lazy screen, so each screen is its own chunk. */
  screen: ComponentType;
  access: RouteAccess;
  /** Present when the route has a sidenav entry. */
  nav?: NavInfo;
}

export interface HeadingEntry {
  kind: 'heading';
  key: string;
  title: string;
}

/** A further sidenav entry to a route declared elsewhere in the array. */
export interface LinkEntry extends NavInfo {
  kind: 'link';
  key: string;
  path: string;
}

export type AppEntry = RouteEntry | HeadingEntry | LinkEntry;

interface RouteOptions {
  name: string;
  screen: ComponentType;
  access?: RouteAccess;
  nav?: NavInfo;
}

export function route(path: string, options: RouteOptions): RouteEntry {
  return { kind: 'route', key: path, path, access: 'private', ...options };
}

export function heading(title: string): HeadingEntry {
  return { kind: 'heading', key: `heading:${title}`, title };
}

export function navLink(key: string, path: string, nav: NavInfo): LinkEntry {
  return { kind: 'link', key, path, ...nav };
}

/**
 * `React.lazy` for a named export, so screens keep named exports:
 * `lazyNamed(() => import('./features/clients'), 'ClientsPage')`.
 */
export function lazyNamed<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}

export interface SidenavItem extends NavInfo {
  key: string;
  path: string;
}

export type SidenavRow =
  { kind: 'heading'; key: string; title: string } | ({ kind: 'item' } & SidenavItem);

/** The sidenav's rows, in the array's order. */
export function sidenavRows(entries: readonly AppEntry[]): SidenavRow[] {
  return entries.flatMap((entry): SidenavRow[] => {
    if (entry.kind === 'heading') return [entry];
    if (entry.kind === 'link') {
      return [
        { kind: 'item', key: entry.key, path: entry.path, label: entry.label, icon: entry.icon },
      ];
    }
    return entry.nav ? [{ kind: 'item', key: entry.key, path: entry.path, ...entry.nav }] : [];
  });
}

/** What each router route carries in its `handle`. */
export interface RouteHandle {
  name: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as RouteHandle).name === 'string'
  );
}

/** The current route's name, for the breadcrumb, the title and placeholders. */
export function useRouteName(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.name;
  }
  return '';
}

/** Spec §2: the active sidenav entry is decided by the first path segment. */
export function firstSegment(path: string): string {
  return path.split('/').find((part) => part !== '') ?? '';
}
