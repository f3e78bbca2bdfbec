import { afterAll, describe, expect, it } from 'vitest';
import { generatedKeys } from '../db/schema';
import { openTestDatabase } from '../test/app';
import { secretBox } from './secrets';

const database = await openTestDatabase();
afterAll(() => database.close());
const { db } = database;

const SECRET_KEY = 'una-clave-de-prueba-de-al-menos-32-caracteres';
const PLAIN = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('secrets at rest', () => {
  it('seals with AES-256-GCM: the value never shows, and it opens again', async () => {
    const box = secretBox(db, undefined);
    const sealed = await box.seal(PLAIN, 'totp:1');
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(sealed).not.toContain(PLAIN);
    // A new IV each time: the same secret never seals the same way twice.
    expect(await box.seal(PLAIN, 'totp:1')).not.toBe(sealed);
    expect(await box.open(sealed, 'totp:1')).toBe(PLAIN);
  });

  it('opens only under the context it was sealed for, and not once altered', async () => {
    const box = secretBox(db, undefined);
    const sealed = await box.seal(PLAIN, 'totp:1');
    await expect(box.open(sealed, 'totp:2')).rejects.toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4], 'base64url');
    body[0] ^= 1;
    parts[4] = body.toString('base64url');
    await expect(box.open(parts.join('.'), 'totp:1')).rejects.toThrow();
  });

  it('generates one key, kept in the database: every process on it opens what another sealed', async () => {
    // Two server processes: two boxes that start together on one database.
    const [one, two] = [secretBox(db, undefined), secretBox(db, undefined)];
    const [a, b] = await Promise.all([one.seal(PLAIN, 'x'), two.seal(PLAIN, 'x')]);
    expect(await two.open(a, 'x')).toBe(PLAIN);
    expect(await one.open(b, 'x')).toBe(PLAIN);
    expect(await db.select().from(generatedKeys)).toHaveLength(1);
  });

  it('uses SECRET_KEY when set, and still opens what the generated key sealed before', async () => {
    const before = await secretBox(db, undefined).seal(PLAIN, 'totp:7');
    const box = secretBox(db, SECRET_KEY);
    const sealed = await box.seal(PLAIN, 'totp:7');
    expect(sealed.split('.')[1]).not.toBe(before.split('.')[1]);
    expect(await box.open(sealed, 'totp:7')).toBe(PLAIN);
    expect(await box.open(before, 'totp:7')).toBe(PLAIN);
    // Another key cannot open it, and says so without the value.
    const other = secretBox(db, `${SECRET_KEY}-otra`);
    await expect(other.open(sealed, 'totp:7')).rejects.toThrow(/otra clave/);
  });
});
