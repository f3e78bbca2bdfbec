import { alpha } from '@mui/material/styles';
import { SESSION_EXPIRED } from '@app/domain';
import type Swal from 'sweetalert2';
import type { SweetAlertOptions } from 'sweetalert2';
import { buildTheme } from '../app/theme';
import { ApiError } from './api-error';

/**
 * SweetAlert2 idioms of the spec (spec §000-8, §000-9): 2 s top-right toasts, 5 s error dialogs,
 * the '¡Sí, proceder!' confirmation and the session-expired warning. SweetAlert2 is imported on
 * first use so it stays out of the login page's initial JavaScript.
 */

const TOAST_MS = 2000;
const ERROR_DIALOG_MS = 5000;
const WIDTH = 500;
// The theme's light-mode success and error: white text on them passes WCAG 2.2 AA.
const SUCCESS_GREEN = '#2E7D32';
const ERROR_RED = '#D32F2F';

export const ALERT_TEXTS = {
  confirm: '¡Sí, proceder!',
  cancel: '¡No, cancelar!',
  errorTitle: '¡Ups, algo salió mal!',
  unknownError: 'Error desconocido',
} as const;

// MUI dialogs sit at z-index 1300 and its tooltips at 1500; an alert must cover them all.
const Z_INDEX_CSS = '.swal2-container.app-swal { z-index: 2000; }';

type Mode = 'dark' | 'light';

interface ColourPair {
  background: string;
  text: string;
}

export interface DialogColours {
  /** The dialog's surface and text: the theme's paper and body text. */
  dialog: ColourPair;
  /** '¡Sí, proceder!', 'Aceptar': the theme's primary button. */
  confirm: ColourPair;
  /** '¡No, cancelar!': the theme's secondary colour. */
  cancel: ColourPair;
  /** The keyboard focus ring around a button. */
  focus: string;
  radius: string;
}

/**
 * The dialogs wear the MUI theme of the mode they open in, instead of SweetAlert2's purple:
 * confirm in primary, cancel in secondary, each with the theme's contrast text (WCAG AA,
 * measured by theme.test.ts).
 */
export function dialogColours(mode: Mode): DialogColours {
  const { palette, shape } = buildTheme(mode === 'dark');
  return {
    dialog: { background: palette.background.paper, text: palette.text.primary },
    confirm: { background: palette.primary.main, text: palette.primary.contrastText },
    cancel: { background: palette.secondary.main, text: palette.secondary.contrastText },
    focus: alpha(palette.primary.main, 0.5),
    radius: `${shape.borderRadius}px`,
  };
}

/** SweetAlert2's own variables, set per mode on the container (`app-swal-dark`, `app-swal-light`). */
function modeCss(mode: Mode): string {
  const c = dialogColours(mode);
  return `.swal2-container.app-swal-${mode} {
  --swal2-background: ${c.dialog.background};
  --swal2-color: ${c.dialog.text};
  --swal2-confirm-button-background-color: ${c.confirm.background};
  --swal2-confirm-button-color: ${c.confirm.text};
  --swal2-confirm-button-border-radius: ${c.radius};
  --swal2-cancel-button-background-color: ${c.cancel.background};
  --swal2-cancel-button-color: ${c.cancel.text};
  --swal2-cancel-button-border-radius: ${c.radius};
  --swal2-action-button-focus-box-shadow: 0 0 0 3px ${c.focus};
}`;
}

let loading: Promise<typeof Swal> | undefined;

function loadSwal() {
  loading ??= import('sweetalert2').then((module) => {
    const style = document.createElement('style');
    style.textContent = [Z_INDEX_CSS, modeCss('light'), modeCss('dark')].join('\n');
    document.head.append(style);
    return module.default;
  });
  return loading;
}

/** Closes whatever alert is on screen (a toast too); it leaves through its closing animation. */
export async function closeAlerts(): Promise<void> {
  if (loading) (await loading).close();
}

/** An alert is in the page, closing ones included. */
export function alertInPage(): boolean {
  return document.querySelector('.swal2-container') !== null;
}

/** The shell marks the document with its mode; reading it keeps this module free of React. */
function theme(): Mode {
  return document.documentElement.dataset.mode === 'dark' ? 'dark' : 'light';
}

async function fire(options: SweetAlertOptions) {
  const swal = await loadSwal();
  const mode = theme();
  return swal.fire({
    theme: mode,
    ...options,
    customClass: { container: `app-swal app-swal-${mode}` },
  });
}

/** A session-expired warning is on screen: other alerts must not replace it. */
let sessionNotice: Promise<boolean> | undefined;

function showToast(message: string, ok: boolean): void {
  if (sessionNotice) return;
  void fire({
    toast: true,
    position: 'top-end',
    icon: ok ? 'success' : 'error',
    title: message,
    width: WIDTH,
    timer: TOAST_MS,
    timerProgressBar: true,
    showConfirmButton: false,
    background: ok ? SUCCESS_GREEN : ERROR_RED,
    color: '#fff',
    iconColor: '#fff',
  });
}

export const toast = {
  success: (message: string) => showToast(message, true),
  error: (message: string) => showToast(message, false),
};

/**
 * The Spanish forms' failure dialog: the title, the server's message and every message of its
 * `errors` map as a bullet list. A 401 is skipped: the session-expired notice handles it.
 */
export async function showErrorDialog(title: string, error: unknown): Promise<void> {
  if (sessionNotice || (error instanceof ApiError && error.sessionExpired)) return;
  const message =
    error instanceof Error && error.message ? error.message : ALERT_TEXTS.unknownError;
  // A refusal whose one field error is its message (an overlap) says it once.
  const details = (error instanceof ApiError ? Object.values(error.errors).flat() : []).filter(
    (detail, index, all) => detail !== message && all.indexOf(detail) === index,
  );

  // Built as nodes, not as an HTML string: the messages come from the server.
  const body = document.createElement('div');
  const paragraph = document.createElement('p');
  paragraph.textContent = message;
  body.append(paragraph);
  if (details.length > 0) {
    const list = document.createElement('ul');
    list.style.textAlign = 'left';
    for (const detail of details) {
      const item = document.createElement('li');
      item.textContent = detail;
      list.append(item);
    }
    body.append(list);
  }

  await fire({
    icon: 'error',
    title: title || ALERT_TEXTS.errorTitle,
    html: body,
    width: WIDTH,
    timer: ERROR_DIALOG_MS,
    timerProgressBar: true,
  });
}

export interface NoticeOptions {
  icon: 'success' | 'info' | 'warning';
  title: string;
  text: string;
  button: string;
}

/** A message the user acknowledges with one button (a sign-up's result, say). */
export async function notice({ icon, title, text, button }: NoticeOptions): Promise<void> {
  await fire({ icon, title, text, confirmButtonText: button, width: WIDTH });
}

/** Asks before a change; true only when the user chose '¡Sí, proceder!'. */
export async function confirm(question: string): Promise<boolean> {
  const result = await fire({
    icon: 'warning',
    title: question,
    showCancelButton: true,
    confirmButtonText: ALERT_TEXTS.confirm,
    cancelButtonText: ALERT_TEXTS.cancel,
    reverseButtons: true,
    focusCancel: true,
  });
  return result.isConfirmed;
}

/**
 * The spec's 'Sesión expirada' warning. Calls made while it is open share it, so several
 * requests failing together show it once. It answers true when the user presses 'Aceptar', false
 * when the app itself took it away (closeAlerts).
 */
export function sessionExpired(): Promise<boolean> {
  sessionNotice ??= fire({
    icon: 'warning',
    title: SESSION_EXPIRED.title,
    text: SESSION_EXPIRED.text,
    confirmButtonText: SESSION_EXPIRED.button,
    allowOutsideClick: false,
    allowEscapeKey: false,
  }).then(
    (result) => {
      sessionNotice = undefined;
      return result.isConfirmed;
    },
    () => {
      sessionNotice = undefined;
      return false;
    },
  );
  return sessionNotice;
}
