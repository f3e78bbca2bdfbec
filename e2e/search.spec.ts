import { SEARCH_TEXTS } from '@app/domain';
import { registerClient, registerPet, staffApi, uniqueWord } from './api';
import { expect, test } from './fixtures';
import { axeFindings } from './axe';
import { signIn } from './support';
import { book, registerService, weekdayAhead } from './visits';

/**
 * The navbar's 'Buscar aquí' (issue 30 §1): a surname typed finds the client, their pet and
 * their cita, grouped; the keyboard moves through them and Enter opens the record's list
 * filtered to it.
 */
test('the navbar search finds a client, their pet and cita, and the keyboard opens them', async ({
  page,
}) => {
  await signIn(page);
  const api = await staffApi(page);
  const surname = uniqueWord();
  const client = await registerClient(api, 'Rosa', `${surname} Quispe`);
  const pet = uniqueWord();
  const petId = await registerPet(api, client, pet);
  const { id_srv } = await registerService(api, 60);
  const day = weekdayAhead(3);
  await book(api, { client, petId, pet, serviceId: id_srv }, `${day}T10:00`, null);

  const box = page.getByRole('combobox', { name: SEARCH_TEXTS.label });
  // Typed in lower case and without the capital: the search ignores both.
  await box.fill(surname.toLowerCase());
  // The list of results is named by the box.
  const results = page.getByRole('listbox', { name: SEARCH_TEXTS.label });
  const clients = results.getByRole('group', { name: SEARCH_TEXTS.groups.clientes });
  const pets = results.getByRole('group', { name: SEARCH_TEXTS.groups.mascotas });
  const citas = results.getByRole('group', { name: SEARCH_TEXTS.groups.citas });
  const fullName = `ROSA ${surname.toUpperCase()} QUISPE`;
  await expect(clients.getByRole('option')).toHaveText([new RegExp(`${fullName}.*${client.dni}`)]);
  await expect(pets.getByRole('option')).toHaveText([
    new RegExp(`${pet} \\(Beagle\\).*${fullName}`),
  ]);
  const [y, m, d] = day.split('-');
  await expect(citas.getByRole('option')).toHaveText([
    new RegExp(`${d}/${m}/${y} 10:00 · ${pet}.*${fullName}.*Programada`),
  ]);
  // What was found is read out.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: SEARCH_TEXTS.found({ clientes: 1, mascotas: 1, citas: 1 }) }),
  ).toHaveCount(1);

  // The open list meets WCAG 2.2 AA like every screen (its groups hold its options).
  expect(await axeFindings(page)).toEqual([]);

  // The arrow moves onto the first result, the client; Enter opens their record.
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /option-0$/);
  const active = await box.getAttribute('aria-activedescendant');
  await expect(page.locator(`[id="${active}"]`)).toContainText(fullName);
  await box.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/clientes');
  await expect(page.getByRole('row', { name: new RegExp(fullName) })).toHaveCount(1);
  await expect(page.getByLabel('Buscar cliente (nombre, apellido o DNI)')).toHaveValue(client.dni);
  await expect(box).toHaveValue('');

  // The second result is the pet: it opens the pets list filtered to it. The earlier answer
  // shows until this one comes, and its coming resets the active option: arrows only after it.
  const answered = page.waitForResponse(
    (response) => response.url().includes('/api/buscar') && response.url().includes(surname),
  );
  await box.fill(surname);
  await answered;
  await expect(pets.getByRole('option')).toHaveCount(1);
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /option-1$/);
  await box.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/mascotas');
  await expect(page.getByRole('row', { name: new RegExp(pet, 'i') })).toHaveCount(1);

  // The pet's name finds its cita. Escape closes the list and keeps what was typed; the arrow
  // opens it again, End reaches the cita (the last result) and Enter opens the Citas list
  // filtered to it.
  const petAnswered = page.waitForResponse(
    (response) => response.url().includes('/api/buscar') && response.url().includes(pet),
  );
  await box.fill(pet);
  await petAnswered;
  await expect(citas.getByRole('option')).toHaveCount(1);
  await box.press('Escape');
  await expect(results).toBeHidden();
  await expect(box).toHaveValue(pet);
  await box.press('ArrowDown');
  await expect(results).toBeVisible();
  // End reaches the last option: waited for by its own index, so Enter is not pressed while
  // an earlier result (the pet) is still the active one.
  const last = (await results.getByRole('option').count()) - 1;
  await box.press('End');
  await expect(box).toHaveAttribute('aria-activedescendant', new RegExp(`option-${last}$`));
  await box.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/citas');
  const row = page.getByRole('row', { name: new RegExp(fullName) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(pet.toUpperCase());
  await expect(row).toContainText(`${d}/${m}/${y}`);
});
