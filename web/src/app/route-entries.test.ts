import { can, type Permission, type Role } from '@app/domain';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import {
  heading,
  navLink,
  route,
  routePermission,
  sessionAccess,
  sidenavRows,
  type AppEntry,
} from './route-entries';

const Screen = () => null;
const icon = createElement('span');
const nav = (label: string) => ({ label, icon });

const entries: AppEntry[] = [
  route('/dashboard', { name: 'Dashboard', screen: Screen, nav: nav('Dashboard') }),
  heading('AGENDA'),
  route('/citas', { name: 'Citas', access: 'agenda.leer', screen: Screen, nav: nav('Citas') }),
  heading('REPORTES'),
  route('/reportes/citas', {
    name: 'Reporte Citas',
    access: 'reportes.leer',
    screen: Screen,
    nav: nav('Reporte Citas'),
  }),
  navLink('reportes/citas#2', '/reportes/citas', nav('Reporte Citas')),
  heading('CONFIGURACIONES'),
  route('/users', {
    name: 'Usuarios',
    access: 'usuarios.administrar',
    screen: Screen,
    nav: nav('Usuarios'),
  }),
  route('/login', { name: 'Login', screen: Screen, access: 'guest' }),
];

const labels = (allowed: (permission: Permission) => boolean) =>
  sidenavRows(entries, allowed).map((row) => (row.kind === 'heading' ? row.title : row.label));

const as = (role: Role) => (permission: Permission) => can(role, permission);

describe('sidenavRows', () => {
  it('shows an administrator every entry', () => {
    expect(labels(as('admin'))).toEqual([
      'Dashboard',
      'AGENDA',
      'Citas',
      'REPORTES',
      'Reporte Citas',
      'Reporte Citas',
      'CONFIGURACIONES',
      'Usuarios',
    ]);
  });

  it('hides a groomer’s forbidden entries, the links to them and the headings left empty', () => {
    expect(labels(as('groomer'))).toEqual(['Dashboard', 'AGENDA', 'Citas']);
  });

  it('shows only what needs no permission while the permissions are unknown', () => {
    expect(labels(() => false)).toEqual(['Dashboard']);
  });
});

describe('route access', () => {
  it('puts a route that needs a permission behind the session', () => {
    expect(sessionAccess('usuarios.administrar')).toBe('private');
    expect(routePermission('usuarios.administrar')).toBe('usuarios.administrar');
    expect(sessionAccess('guest')).toBe('guest');
    expect(routePermission('private')).toBeUndefined();
  });
});
