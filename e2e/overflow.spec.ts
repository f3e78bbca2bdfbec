import { expect, test, type Page } from './fixtures';
import { limaDay, registerGroomer, registerPet, staffApi, uniqueDni, uniqueWord } from './api';
import { SIGNED_IN_ROUTES, visit } from './routes';
import { PASSWORD, signIn } from './support';
import { DocumentTypeId } from '@app/domain';

/**
 * Nothing scrolls sideways (issue 30 §11): every signed-in screen of the route table, at a
 * desktop's, a tablet's and a phone's width, fits its page; a wide table scrolls inside its own
 * scroller, never the page. At a desktop's width the lists fit without scrolling at all, under
 * headers in one case (§12). Everywhere an amount or a code stays on one line and a person is
 * named first name first. One sign-in, one page: the screens are walked inside the app.
 */

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 820, height: 1180 },
  { width: 390, height: 844 },
] as const;

interface Look {
  /** A desktop's width: the tables fit and their headers are checked. */
  desktop: boolean;
  /** Texts that must not break over two lines where they show: a product's code. */
  whole: string[];
  /** A person's name as it must never read: surname first. */
  surnameFirst: string;
}

/**
 * What is wrong with the screen's look, one line each: what sticks out past the page's right
 * edge (as `tag.class "text"`, each element whose ancestors up to the page let it show: a
 * scroller or a clip of its own holds it in), a table that scrolls at a desktop's width, a header
 * in capitals, an amount or a code broken over two lines, a name surname first.
 */
async function lookFindings(page: Page, look: Look): Promise<string[]> {
  return page.evaluate(({ desktop, whole, surnameFirst }) => {
    // Runs in the browser; the e2e tsconfig has no DOM library, hence the shapes named here.
    interface Box {
      left: number;
      right: number;
      top: number;
    }
    interface Node {
      tagName: string;
      className: unknown;
      textContent: string | null;
      innerText: string;
      parentElement: Node | null;
      scrollWidth: number;
      clientWidth: number;
      getBoundingClientRect(): Box;
      querySelectorAll(selector: string): Iterable<Node>;
    }
    const doc = (
      globalThis as unknown as {
        document: {
          scrollingElement: Node;
          body: Node;
          createRange(): { selectNodeContents(n: Node): void; getClientRects(): Iterable<Box> };
        };
      }
    ).document;
    const style = (globalThis as unknown as { getComputedStyle(n: Node): { overflowX: string } })
      .getComputedStyle;
    const textOf = (n: Node) => (n.textContent ?? '').trim();
    const name = (n: Node) =>
      `${n.tagName.toLowerCase()}.${typeof n.className === 'string' ? n.className.split(' ').slice(0, 2).join('.') : ''} "${textOf(n).slice(0, 40)}"`;
    const all = [...doc.body.querySelectorAll('*')];
    const found: string[] = [];

    const root = doc.scrollingElement;
    const limit = root.clientWidth;
    if (root.scrollWidth > limit) {
      found.push(`the page is ${root.scrollWidth} px wide in ${limit} px`);
      const clipped = (n: Node) => {
        for (let up = n.parentElement; up && up !== doc.body; up = up.parentElement) {
          if (style(up).overflowX !== 'visible') return true;
        }
        return false;
      };
      const culprits = all.filter((n) => {
        const box = n.getBoundingClientRect();
        return (box.right > limit + 1 || box.left < -1) && !clipped(n);
      });
      // The innermost ones name the cause; their ancestors only stick out because of them.
      const innermost = culprits.filter((n) => !culprits.some((c) => c.parentElement === n));
      found.push(...innermost.slice(0, 5).map(name));
    }

    if (desktop) {
      for (const scroller of doc.body.querySelectorAll('.MuiTableContainer-root')) {
        if (scroller.scrollWidth > scroller.clientWidth + 1) {
          found.push(`a table needs ${scroller.scrollWidth} px in ${scroller.clientWidth} px`);
        }
      }
      // Capitals only for what is written so: 'DNI', 'SKU', 'IP', 'ID'.
      for (const header of doc.body.querySelectorAll('thead th')) {
        const text = textOf(header);
        if (/\p{Lu}{4}/u.test(text) && text === text.toLocaleUpperCase('es')) {
          found.push(`a header in capitals: '${text}'`);
        }
      }
    }

    // A stat card's figure, and the texts asked for, read on one line: their text's boxes all
    // sit on one line (a range gives a box per line a text runs over).
    const lines = (n: Node) => {
      const range = doc.createRange();
      range.selectNodeContents(n);
      return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
    };
    const figures = [...doc.body.querySelectorAll('[data-testid="stat-value"]')];
    // The innermost element holding the text: its cell when the cell holds the text alone.
    const holding = all.filter((n) => whole.includes(textOf(n)));
    const codes = holding.filter((n) => !holding.some((inner) => inner.parentElement === n));
    for (const text of [...figures, ...codes]) {
      if (lines(text) > 1) found.push(`'${textOf(text)}' breaks over two lines`);
    }

    if (doc.body.innerText.toLocaleUpperCase('es').includes(surnameFirst)) {
      found.push(`a name surname first: '${surnameFirst}'`);
    }
    return found;
  }, look);
}

/** One row in each of the main lists, with names as long as real ones, so the tables have rows. */
async function seedLists(page: Page) {
  const api = await staffApi(page);
  const word = uniqueWord();
  const dni = uniqueDni();
  const name = 'María Fernanda';
  const surname = `Quispe Huamán ${word}`;
  const { id_cli } = await api.create<{ id_cli: number }>('/cliente/register', {
    dni,
    name,
    surname,
    tel1: '987123456',
    email: `maria.fernanda.quispe.${word.toLowerCase()}@hotmail.com`,
    direccion: 'Av. Primavera 1250, Dpto. 302, Santiago de Surco',
  });
  const owner = { id_cli, dni, name, surname };
  // A short e-mail (17 characters, as the booking page's clients have) must break too: whole, it
  // widened the Email column past the others' long ones, which break.
  await api.create('/cliente/register', {
    dni: uniqueDni(),
    name: 'Rosa',
    surname: `Huamán ${word}`,
    tel1: '987123457',
    email: `${word.toLowerCase()}@example.pe`,
    direccion: 'Jr. Junín 410, Cercado de Lima',
  });
  const pet = `Chocolate ${uniqueWord()}`;
  const id_perro = await registerPet(api, owner, pet, 'Schnauzer miniatura');
  const groomer = await registerGroomer(api, '#1e88e5');
  const description =
    'Baño completo con champú hipoalergénico, corte de uñas, limpieza de oídos y perfume.';
  const service = await api.create<{ id_srv: number }>('/servicio/register', {
    // As long as a real one: a catalogue name must not squeeze the sale's price.
    nombre: `Baño y corte completo para perros de raza grande ${word}`,
    descripcion: description,
    precio: '139.90',
  });
  await api.create('/paquete/register', {
    nombre: `Paquete spa mensual ${word}`,
    descripcion: description,
    precio: '399.90',
  });
  const booking = { dni_cli: owner.dni, id_cliente: owner.id_cli, id_perro };
  await api.create('/reservacion/register', { ...booking, fec_cita: limaDay(3) });
  // Tomorrow's cita fills Recordatorios; a past one, with its triage, the history.
  const tomorrow = await api.create<{ id_cita: number }>('/cita/register', {
    ...booking,
    fec_cita: `${limaDay(1)}T10:00`,
    id_servicio: service.id_srv,
    id_emp: groomer.id_emp,
    fech_reg: limaDay(0),
    obs: 'Llega con el pelo muy enredado, cuidado con la oreja izquierda',
  });
  for (const canal of ['whatsapp', 'email']) {
    await api.create('/recordatorio', { id_cita: tomorrow.id_cita, canal });
  }
  const past = await api.create<{ id_cita: number }>('/cita/register', {
    ...booking,
    fec_cita: `${limaDay(-1)}T10:00`,
    id_servicio: service.id_srv,
    id_emp: groomer.id_emp,
    fech_reg: limaDay(-1),
    obs: 'Cita pasada',
  });
  await api.create('/triaje/register', {
    id_cita: past.id_cita,
    edad: '4',
    peso: '8.40',
    temperatura: '38.20',
    notas: 'Sin novedad',
  });
  await api.create('/lista-espera/register', {
    dni_cli: owner.dni,
    id_perro,
    id_servicio: service.id_srv,
    dias: [2, 4],
    hora_desde: '15:00',
    hora_hasta: '18:00',
    notas: 'Puede venir con una hora de aviso, prefiere las tardes',
  });
  // A user as long as the longest the suite makes, whatever runs before: the list must still fit.
  const login = `recepcionista${word.toLowerCase()}${dni}`;
  await api.create('/user/register', {
    tdoc: DocumentTypeId.CarneExtranjeria,
    doc: `CE${dni}${dni.slice(0, 2)}`,
    name: 'María Fernanda',
    surname: `Huamán Quispe ${word}`,
    email: `${login}@peluqueria-canina.com.pe`,
    login,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    rol: 'recepcion',
  });
  const sku = `SHAMP-AVENA-500ML-${word.toUpperCase()}`;
  await api.create('/producto/register', {
    sku,
    nombre: `Champú de avena hipoalergénico 500 ml ${word}`,
    categoria: 'Higiene y cuidado',
    precio: '39.90',
    costo: '22.50',
    stock_min: 2,
    stock_inicial: 12,
  });
  await api.create('/venta/register', {
    id_cita: past.id_cita,
    id_cliente: owner.id_cli,
    tipo_comp: 'T',
    items: [
      {
        tipo: 'servicio',
        id: service.id_srv,
        descripcion: 'Baño y corte',
        cantidad: 1,
        precio: '139.90',
      },
    ],
    // Every method, so that the donut of the sales report has a slice of each.
    pagos: [
      { metodo: 'tarjeta', monto: '60' },
      { metodo: 'transferencia', monto: '40' },
      { metodo: 'yape', monto: '15' },
      { metodo: 'plin', monto: '10' },
      { metodo: 'efectivo', monto: '20' },
    ],
  });
  return {
    sku,
    service: `Baño y corte completo para perros de raza grande ${word}`,
    surnameFirst: `${surname} ${name}`.toLocaleUpperCase('es'),
  };
}

test.describe.configure({ timeout: 90_000 });

test('no screen scrolls sideways at 1440, 820 or 390 px, nor breaks an amount, a code or a name', async ({
  page,
}) => {
  await signIn(page);
  const seeded = await seedLists(page);
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const { path, name } of SIGNED_IN_ROUTES) {
      await visit(page, path, name);
      // The screen's data in place of its placeholders: a table's loading row, a card's skeleton.
      await expect(page.locator('[aria-busy="true"], .MuiSkeleton-root')).toHaveCount(0);
      const look = { desktop: size.width >= 1440, whole: [seeded.sku], ...seeded };
      const where = `${path} at ${size.width} px`;
      found.push(...(await lookFindings(page, look)).map((f) => `${where}: ${f}`));
    }
  }

  // A long catalogue name beside the quick sale's price leaves the price whole ('39.90', not '39').
  for (const size of WIDTHS.slice(0, 2)) {
    await page.setViewportSize(size);
    await visit(page, '/ventas', 'Ventas');
    await page.getByRole('button', { name: 'Venta rápida' }).click();
    const checkout = page.getByRole('dialog', { name: 'Venta rápida' });
    await checkout.getByLabel('Tipo del ítem 1').click();
    await page.getByRole('option', { name: 'Servicio', exact: true }).click();
    await checkout.getByLabel('Servicio del ítem 1').click();
    await page.getByRole('option', { name: new RegExp(seeded.service) }).click();
    const price = checkout.getByLabel('Precio unitario del ítem 1');
    await expect(price).toHaveValue('139.90');
    const [needs, shows] = await price.evaluate((input) => {
      const field = input as unknown as { scrollWidth: number; clientWidth: number };
      return [field.scrollWidth, field.clientWidth];
    });
    if (needs > shows)
      found.push(`the sale's price needs ${needs} px in ${shows} px at ${size.width} px`);
    await checkout.getByRole('button', { name: 'Cancelar' }).click();
    await expect(checkout).toBeHidden();
  }
  expect(found).toEqual([]);
});
