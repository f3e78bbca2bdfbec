import { SESSION_EXPIRED } from '@app/domain';
import type Swal from 'sweetalert2';
import type { SweetAlertOptions } from 'sweetalert2';
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

let loading: Promise<typeof Swal> | undefined;

function loadSwal() {
  loading ??= import('sweetalert2').then((module) => {
    const style = document.createElement('style');
    style.textContent = Z_INDEX_CSS;
    document.head.append(style);
    return module.default;
  });
  return loading;
}

/** The shell marks the document with its mode; reading it keeps this module free of React. */
function theme(): 'dark' | 'light' {
  return document.documentElement.dataset.mode === 'dark' ? 'dark' : 'light';
}

async function fire(options: SweetAlertOptions) {
  const swal = await loadSwal();
  return swal.fire({
    theme: theme(),
    ...options,
    customClass: { container: 'app-swal' },
  });
}

/** A session-expired warning is on screen: other alerts must not replace it. */
let sessionNotice: Promise<void> | undefined;

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
 * requests failing together show it once; it resolves when the user presses 'Aceptar'.
 */
export function sessionExpired(): Promise<void> {
  sessionNotice ??= fire({
    icon: 'warning',
    title: SESSION_EXPIRED.title,
    text: SESSION_EXPIRED.text,
    confirmButtonText: SESSION_EXPIRED.button,
    allowOutsideClick: false,
    allowEscapeKey: false,
  }).then(
    () => {
      sessionNotice = undefined;
    },
    () => {
      sessionNotice = undefined;
    },
  );
  return sessionNotice;
}
