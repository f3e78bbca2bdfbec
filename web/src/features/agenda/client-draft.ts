import type { ClientInput } from '@app/domain';

/**
 * Where 'Nuevo cliente' starts from what was typed in the booking's finder: eight digits are the
 * DNI, nine the phone, words the name and surname (the first word the name). Anything else
 * starts an empty form.
 */
export function clientDraftOf(typed: string): Partial<ClientInput> {
  const text = typed.trim();
  if (/^\d{8}$/.test(text)) return { dni: text };
  if (/^\d{9}$/.test(text)) return { tel1: text };
  if (/^[\p{L}\s'-]+$/u.test(text)) {
    const [name = '', ...surname] = text.split(/\s+/);
    return { name, surname: surname.join(' ') };
  }
  return {};
}
