import type { FieldDef } from '../../crud';

/**
 * A write-only secret of the settings (a password, a token): sent empty, it keeps the stored one,
 * which `hint` then says. Never filled with the browser's saved sign-in password.
 */
export function secretField<Name extends string>(
  name: Name,
  label: string,
  hint?: string,
): FieldDef<Name> {
  return { name, label, kind: 'password', autoComplete: 'new-password', hint };
}
