import type { Permission } from '@app/domain';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { useMatches } from 'react-router';

/**
 * The shape of the one routes array (web/src/routes.tsx) that feeds both the router and the
 * sidenav, as in Material Dashboard: routes, sidenav section headings and extra sidenav links
 * in sidenav order.
 */

/**
 * Who may open a route. private: every signed-in user; guest: only without a session (Login);
 * public: either way; a permission: a signed-in user whose role has it (decisions §roles). The
 * sidenav hides such a route from the others, and a deep link to it shows 'Sin permiso'.
 */
export type RouteAccess = 'private' | 'guest' | 'public' | Permission;

/** The layout a route renders in: what its access says about the session. */
export type SessionAccess = 'private' | 'guest' | 'public';

export function sessionAccess(access: RouteAccess): SessionAccess {
  return access === 'guest' || access === 'public' ? access : 'private';
}

/** The permission a route needs, if any. */
export function routePermission(access: RouteAccess): Permission | undefined {
  return access === 'private' || access === 'guest' || access === 'public' ? undefined : access;
}

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

/**
 * The sidenav's rows, in the array's order, without the entries whose route needs a permission
 * `can` denies (a link follows the route it leads to), nor a heading left with no entries.
 */
export function sidenavRows(
  entries: readonly AppEntry[],
  can: (permission: Permission) => boolean,
): SidenavRow[] {
  const accessOf = new Map(
    entries.flatMap((entry) => (entry.kind === 'route' ? [[entry.path, entry.access]] : [])),
  );
  const allowed = (path: string) => {
    const needed = routePermission(accessOf.get(path) ?? 'private');
    return needed === undefined || can(needed);
  };
  const rows = entries.flatMap((entry): SidenavRow[] => {
    if (entry.kind === 'heading') return [entry];
    if (!allowed(entry.path)) return [];
    if (entry.kind === 'link') {
      return [
        { kind: 'item', key: entry.key, path: entry.path, label: entry.label, icon: entry.icon },
      ];
    }
    return entry.nav ? [{ kind: 'item', key: entry.key, path: entry.path, ...entry.nav }] : [];
  });
  return rows.filter((row, index) => row.kind === 'item' || rows[index + 1]?.kind === 'item');
}

/** What each router route carries in its `handle`. */
export interface RouteHandle {
  name: string;
  /** What the screen needs besides a session (decisions §roles). */
  permission?: Permission;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as RouteHandle).name === 'string'
  );
}

/** The deepest matched route's handle. */
function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}

/** The current route's name, for the breadcrumb, the title and placeholders. */
export function useRouteName(): string {
  return useRouteHandle()?.name ?? '';
}

/** The permission the current route needs, if any. */
export function useRoutePermission(): Permission | undefined {
  return useRouteHandle()?.permission;
}

/** Spec §000-2: the active sidenav entry is decided by the first path segment. */
export function firstSegment(path: string): string {
  return path.split('/').find((part) => part !== '') ?? '';
}
