import AddIcon from '@mui/icons-material/Add';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import DeleteIcon from '@mui/icons-material/Delete';
import LoyaltyIcon from '@mui/icons-material/Loyalty';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import { Fragment } from 'react';
import { useController, useFieldArray, useWatch } from 'react-hook-form';
import {
  BONO_MESSAGES,
  bonoUseLine,
  formatPriceOnBlur,
  insufficientStock,
  keepPriceChars,
  parseCents,
  saleTotals,
  type BonoCoverPart,
  type SaleItemKind,
} from '@app/domain';
import { formatMoney } from '../../lib/format';
import { BONO_COVER_TEXTS } from './bono-cover';
import { CHECKOUT_TEXTS } from './checkout-texts';
import {
  arrayError,
  freeLine,
  giftCardLine,
  isBlankLine,
  type BonoCover,
  type CheckoutFormMethods,
  type LineValues,
} from './checkout-values';
import { GIFT_CARD_TEXTS } from './gift-card-parts';
import { useCatalogue, type Catalogue, type CatalogueKind } from './use-catalogue';

/** A warning under a field that is not (yet) an error: the product's stock falls short. */
const warningText = { color: 'warning.main' } as const;

/**
 * The lines a cashier adds here; a product shows its stock (decisions §products), a bono what it
 * covers (DESIGN §11.6).
 */
const LINE_KINDS: { kind: SaleItemKind; label: string }[] = [
  { kind: 'otro', label: 'Otro' },
  { kind: 'servicio', label: 'Servicio' },
  { kind: 'paquete', label: 'Paquete' },
  { kind: 'producto', label: 'Producto' },
  { kind: 'bono', label: 'Bono' },
  { kind: 'tarjeta_regalo', label: GIFT_CARD_TEXTS.name },
];

/** One a line, like a gift card: its quantity stays 1. */
const ONE_PER_LINE: readonly SaleItemKind[] = ['tarjeta_regalo', 'bono'];

const MAX_ITEMS = 50;

interface SaleLinesProps {
  form: CheckoutFormMethods;
  /** The user may charge another price than the catalogue's (`caja.ajustar`). */
  mayAdjust: boolean;
  /** A walk-in sale may sell gift cards (DESIGN §11.6); a cita's may not. */
  giftCards: boolean;
  /** What the client's bonos cover of the lines (`bonoCover`). */
  cover: BonoCover;
  disabled: boolean;
}

/**
 * The sale's lines as a table, with the catalogue their kinds offer; under a line a bono covers,
 * its covered part at S/. 0.00.
 */
export function SaleLines({ form, mayAdjust, giftCards, cover, disabled }: SaleLinesProps) {
  const { control, formState } = form;
  const items = useFieldArray({ control, name: 'items' });
  const lines = useWatch({ control, name: 'items' });
  const hasClient = useWatch({ control, name: 'id_cliente' }) !== null;
  const asks = (kind: CatalogueKind) => lines.some((line) => line.tipo === kind);
  const catalogue = useCatalogue({
    servicio: asks('servicio'),
    paquete: asks('paquete'),
    producto: asks('producto'),
    bono: asks('bono'),
  });
  const productUnits = unitsByProduct(lines);
  const error = arrayError(formState.errors.items);
  return (
    <>
      <TableContainer>
        {/*
          Fixed columns from a tablet up: a long catalogue name is cut in its select instead
          of squeezing the price until '39.90' reads '39'.
        */}
        <Table size="small" sx={{ minWidth: { sm: 680 }, tableLayout: { sm: 'fixed' } }}>
          <TableHead sx={{ display: { xs: 'none', sm: 'table-header-group' } }}>
            <TableRow>
              <TableCell sx={{ width: 140 }}>Tipo</TableCell>
              <TableCell>Descripción</TableCell>
              <TableCell sx={{ width: 90 }}>Cant.</TableCell>
              <TableCell sx={{ width: 130 }}>P. unit. (S/.)</TableCell>
              <TableCell align="right" sx={{ width: 130 }}>
                Importe
              </TableCell>
              <TableCell sx={{ width: 56 }}>
                <Box component="span" sx={visuallyHidden}>
                  Quitar
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.fields.map((line, index) => {
              const parts = cover.parts.filter((part) => part.line === index);
              return (
                <Fragment key={line.id}>
                  <LineRow
                    index={index}
                    form={form}
                    catalogue={catalogue}
                    productUnits={productUnits}
                    mayAdjust={mayAdjust}
                    giftCards={giftCards}
                    hasClient={hasClient}
                    parts={parts}
                    coverable={cover.coverable.has(index)}
                    disabled={disabled}
                    onRemove={
                      items.fields.length > 1 && !line.reservado
                        ? () => items.remove(index)
                        : undefined
                    }
                  />
                  {parts.flatMap((part) =>
                    part.bono
                      ? [
                          <CoveredPartRow
                            key={part.bono.id}
                            name={lines[index]?.descripcion ?? ''}
                            cantidad={part.cantidad}
                            bono={part.bono}
                          />,
                        ]
                      : [],
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
        <Button
          startIcon={<AddIcon />}
          onClick={() => items.append(freeLine())}
          disabled={disabled || items.fields.length >= MAX_ITEMS}
        >
          {CHECKOUT_TEXTS.addItem}
        </Button>
        {giftCards && (
          <Button
            startIcon={<CardGiftcardIcon />}
            onClick={() => {
              // A gift card is sold alone: it takes the place of a line nothing was typed in.
              const current = form.getValues('items');
              const only = current.length === 1 ? current[0] : undefined;
              if (only && isBlankLine(only)) {
                // Its row stays: changed in place, it is not judged before the amount is typed.
                form.setValue('items.0', giftCardLine());
                form.setFocus('items.0.precio');
              } else {
                items.append(giftCardLine(), { focusName: `items.${current.length}.precio` });
              }
            }}
            disabled={disabled || items.fields.length >= MAX_ITEMS}
          >
            {GIFT_CARD_TEXTS.addLine}
          </Button>
        )}
      </Stack>
    </>
  );
}

/** The units of each product the sale's lines ask for: the server moves a product's sum. */
function unitsByProduct(lines: readonly LineValues[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const line of lines) {
    if (line.tipo !== 'producto' || line.id === null) continue;
    const n = Number(line.cantidad);
    if (Number.isInteger(n) && n > 0) units.set(line.id, (units.get(line.id) ?? 0) + n);
  }
  return units;
}

/** A line is a table row; on a phone its cells stack in two columns, each with its header. */
const lineRowSx = (theme: Theme) => ({
  verticalAlign: 'top',
  [theme.breakpoints.down('sm')]: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    columnGap: 1,
    py: 1,
    borderBottom: 1,
    borderColor: 'divider',
  },
});

const lineCellSx = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    display: 'block',
    border: 0,
    px: 0,
    '&[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      typography: 'caption',
      color: 'text.secondary',
    },
  },
});

interface LineRowProps {
  index: number;
  form: CheckoutFormMethods;
  catalogue: Catalogue;
  /** The units the sale's lines ask of each product, to warn beyond its stock. */
  productUnits: Map<number, number>;
  /** The user may charge another price than the catalogue's (`caja.ajustar`). */
  mayAdjust: boolean;
  /** The kinds offered include the gift card. */
  giftCards: boolean;
  /** The sale has a client, who a bono is sold to. */
  hasClient: boolean;
  /** The line's parts as the client's bonos cover it (`coverWithBonos`). */
  parts: readonly BonoCoverPart[];
  /** A bono covers the line, or would but for 'Cobrar sin bono'. */
  coverable: boolean;
  disabled: boolean;
  /** Absent on the only line and on the cita's own item: a sale has at least one. */
  onRemove?: () => void;
}

function LineRow({
  index,
  form,
  catalogue,
  productUnits,
  mayAdjust,
  giftCards,
  hasClient,
  parts,
  coverable,
  disabled,
  onRemove,
}: LineRowProps) {
  const { control, setValue } = form;
  const n = index + 1;
  const kind = useController({ control, name: `items.${index}.tipo` });
  const item = useController({ control, name: `items.${index}.id` });
  const description = useController({ control, name: `items.${index}.descripcion` });
  const quantity = useController({ control, name: `items.${index}.cantidad` });
  const price = useController({ control, name: `items.${index}.precio` });
  const listed = useWatch({ control, name: `items.${index}.precio_lista` });
  const booked = useWatch({ control, name: `items.${index}.reservado` });
  const declined = useController({ control, name: `items.${index}.sin_bono` });
  // What the line charges: the part no bono covers.
  const lineTotal = saleTotals({
    items: parts.flatMap((part) =>
      part.bono ? [] : [{ cantidad: part.cantidad, precio: price.field.value }],
    ),
    pagos: [],
  }).text.items;

  const tipo = kind.field.value;
  const fromCatalogue =
    tipo === 'servicio' || tipo === 'paquete' || tipo === 'producto' || tipo === 'bono'
      ? catalogue[tipo]
      : undefined;
  // The cita's booked item stays an option even when retired since.
  const current = item.field.value;
  const options =
    fromCatalogue && current !== null && !fromCatalogue.options.some((o) => o.id === current)
      ? [
          ...fromCatalogue.options,
          { id: current, name: description.field.value, precio: price.field.value },
        ]
      : (fromCatalogue?.options ?? []);
  const kindLabel = LINE_KINDS.find((k) => k.kind === tipo)?.label ?? 'Ítem';
  const giftCard = tipo === 'tarjeta_regalo';
  const onePerLine = ONE_PER_LINE.includes(tipo);
  const kinds = LINE_KINDS.filter((k) => k.kind !== 'tarjeta_regalo' || giftCards || giftCard);
  // A free line's price and a gift card's amount are typed; the catalogue's are the server's,
  // and a bono's is the server's alone.
  const priceLocked = tipo === 'bono' || (tipo !== 'otro' && !giftCard && !mayAdjust);
  const bonoWithoutClient = tipo === 'bono' && !hasClient;
  const repriced =
    listed !== null && listed !== undefined && parseCents(price.field.value) !== parseCents(listed);
  // A product shows its stock, and warns (the server refuses) when the sale asks for more.
  const stock =
    tipo === 'producto' && current !== null
      ? options.find((o) => o.id === current)?.stock
      : undefined;
  const shortOf =
    stock !== undefined && current !== null && (productUnits.get(current) ?? 0) > stock
      ? insufficientStock(stock)
      : undefined;
  const detail = current !== null ? options.find((o) => o.id === current)?.detail : undefined;

  return (
    <TableRow sx={lineRowSx}>
      <TableCell data-label="Tipo" sx={lineCellSx}>
        <TextField
          select
          fullWidth
          size="small"
          name={kind.field.name}
          inputRef={kind.field.ref}
          value={tipo}
          disabled={disabled || booked}
          onChange={(e) => {
            const next = e.target.value as SaleItemKind;
            kind.field.onChange(next);
            setValue(`items.${index}.id`, null);
            setValue(`items.${index}.precio_lista`, null);
            setValue(`items.${index}.sin_bono`, false);
            // A free line keeps what was typed; a catalogue line waits for its item; a gift
            // card, one per line, waits for its amount.
            if (next !== 'otro' || giftCard) {
              setValue(`items.${index}.descripcion`, '');
              setValue(`items.${index}.precio`, '');
            }
            if (next === 'tarjeta_regalo') {
              setValue(`items.${index}.descripcion`, GIFT_CARD_TEXTS.name);
            }
            if (ONE_PER_LINE.includes(next)) setValue(`items.${index}.cantidad`, '1');
          }}
          onBlur={kind.field.onBlur}
          slotProps={{
            htmlInput: { 'aria-label': `Tipo del ítem ${n}` },
            // The kind's name alone: the menu may say more (why a bono needs a client), and
            // arrowing through it reaches that explanation too.
            select: {
              renderValue: () => kindLabel,
              MenuProps: { slotProps: { list: { disabledItemsFocusable: true } } },
            },
          }}
        >
          {kinds.map((k) =>
            // A bono is sold to a client: without one it is shown, not offered, and says why.
            k.kind === 'bono' && !hasClient ? (
              <MenuItem key={k.kind} value={k.kind} disabled={tipo !== 'bono'}>
                <ListItemText
                  primary={k.label}
                  secondary={BONO_COVER_TEXTS.needsClient}
                  slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 260 } } }}
                />
              </MenuItem>
            ) : (
              <MenuItem key={k.kind} value={k.kind}>
                {k.label}
              </MenuItem>
            ),
          )}
        </TextField>
      </TableCell>
      <TableCell data-label="Descripción" sx={[lineCellSx, { gridColumn: '1 / -1' }]}>
        {giftCard ? (
          <Box sx={{ pt: { sm: 1 } }}>
            <Typography variant="body2">{GIFT_CARD_TEXTS.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {GIFT_CARD_TEXTS.lineHint}
            </Typography>
          </Box>
        ) : fromCatalogue ? (
          <TextField
            select
            fullWidth
            size="small"
            name={item.field.name}
            inputRef={item.field.ref}
            value={current ?? ''}
            disabled={disabled || booked}
            error={Boolean(item.fieldState.error) || fromCatalogue.failed || bonoWithoutClient}
            helperText={
              item.fieldState.error?.message ??
              (fromCatalogue.failed
                ? CHECKOUT_TEXTS.noCatalogue
                : bonoWithoutClient
                  ? BONO_MESSAGES.saleNeedsClient
                  : stock !== undefined
                    ? CHECKOUT_TEXTS.stock(stock)
                    : detail)
            }
            onChange={(e) => {
              const chosen = options.find((o) => o.id === Number(e.target.value));
              if (!chosen) return;
              item.field.onChange(chosen.id);
              setValue(`items.${index}.sin_bono`, false);
              setValue(`items.${index}.descripcion`, chosen.name, { shouldValidate: true });
              setValue(`items.${index}.precio_lista`, chosen.precio);
              setValue(`items.${index}.precio`, chosen.precio, { shouldValidate: true });
            }}
            onBlur={item.field.onBlur}
            slotProps={{ htmlInput: { 'aria-label': `${kindLabel} del ítem ${n}` } }}
          >
            {options.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.name} — {formatMoney(o.precio)}
                {o.stock !== undefined && ` · ${CHECKOUT_TEXTS.stock(o.stock)}`}
                {o.detail !== undefined && ` · ${o.detail}`}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            fullWidth
            size="small"
            name={description.field.name}
            inputRef={description.field.ref}
            value={description.field.value}
            disabled={disabled}
            error={Boolean(description.fieldState.error)}
            helperText={description.fieldState.error?.message}
            onChange={description.field.onChange}
            onBlur={description.field.onBlur}
            slotProps={{
              htmlInput: { 'aria-label': `Descripción del ítem ${n}`, maxLength: 200 },
            }}
          />
        )}
        {coverable && (
          <FormControlLabel
            label={BONO_COVER_TEXTS.decline}
            disabled={disabled}
            control={
              <Checkbox
                size="small"
                name={declined.field.name}
                checked={declined.field.value}
                onChange={(e) => declined.field.onChange(e.target.checked)}
                onBlur={declined.field.onBlur}
                slotProps={{
                  input: {
                    ref: declined.field.ref,
                    'aria-label': BONO_COVER_TEXTS.declineLine(n, description.field.value),
                  },
                }}
              />
            }
            sx={{ mt: 0.5 }}
          />
        )}
      </TableCell>
      <TableCell data-label="Cant." sx={lineCellSx}>
        <TextField
          fullWidth
          size="small"
          name={quantity.field.name}
          inputRef={quantity.field.ref}
          value={quantity.field.value}
          disabled={disabled}
          error={Boolean(quantity.fieldState.error)}
          helperText={quantity.fieldState.error?.message ?? shortOf}
          onChange={(e) => quantity.field.onChange(e.target.value.replace(/\D/g, '').slice(0, 3))}
          onBlur={quantity.field.onBlur}
          slotProps={{
            // A gift card or a bono is one a line: its quantity stays 1.
            htmlInput: {
              'aria-label': `Cantidad del ítem ${n}`,
              inputMode: 'numeric',
              readOnly: onePerLine,
            },
            input: onePerLine ? { sx: { bgcolor: 'action.hover' } } : undefined,
            formHelperText: shortOf && !quantity.fieldState.error ? { sx: warningText } : undefined,
          }}
        />
      </TableCell>
      <TableCell data-label="P. unit. (S/.)" sx={lineCellSx}>
        <TextField
          fullWidth
          size="small"
          name={price.field.name}
          inputRef={price.field.ref}
          value={price.field.value}
          disabled={disabled}
          error={Boolean(price.fieldState.error)}
          helperText={
            price.fieldState.error?.message ??
            (repriced && listed ? CHECKOUT_TEXTS.listPrice(listed) : undefined)
          }
          onChange={(e) => price.field.onChange(keepPriceChars(e.target.value))}
          onBlur={() => {
            price.field.onChange(formatPriceOnBlur(price.field.value));
            price.field.onBlur();
          }}
          slotProps={{
            // The catalogue's price is the server's: shown, typed over only with caja.ajustar.
            htmlInput: {
              'aria-label': giftCard ? GIFT_CARD_TEXTS.amount(n) : `Precio unitario del ítem ${n}`,
              inputMode: 'decimal',
              readOnly: priceLocked,
            },
            input: priceLocked ? { sx: { bgcolor: 'action.hover' } } : undefined,
          }}
        />
      </TableCell>
      <TableCell
        data-label="Importe"
        align="right"
        sx={[lineCellSx, { pt: { sm: 2 }, whiteSpace: 'nowrap' }]}
      >
        {formatMoney(lineTotal)}
      </TableCell>
      <TableCell sx={[lineCellSx, { textAlign: 'right' }]}>
        {onRemove && (
          <IconButton aria-label={`Quitar ítem ${n}`} onClick={onRemove} disabled={disabled}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        )}
      </TableCell>
    </TableRow>
  );
}

interface CoveredPartRowProps {
  /** The covered line's service or package. */
  name: string;
  cantidad: number;
  bono: { id: number; quedan: number };
}

/** The part of a line a bono covers, at S/. 0.00: 'Baño completo — Bono N.º 12 — quedan 3'. */
function CoveredPartRow({ name, cantidad, bono }: CoveredPartRowProps) {
  const free = formatMoney('0.00');
  return (
    <TableRow sx={lineRowSx}>
      <TableCell data-label="Tipo" sx={lineCellSx}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'success.dark' }}>
          <LoyaltyIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{BONO_COVER_TEXTS.coveredKind}</Typography>
        </Stack>
      </TableCell>
      <TableCell data-label="Descripción" sx={[lineCellSx, { gridColumn: '1 / -1' }]}>
        <Typography variant="body2">{bonoUseLine(name, bono)}</Typography>
      </TableCell>
      <TableCell data-label="Cant." sx={lineCellSx}>
        {cantidad}
      </TableCell>
      <TableCell data-label="P. unit. (S/.)" sx={lineCellSx}>
        {free}
      </TableCell>
      <TableCell data-label="Importe" align="right" sx={[lineCellSx, { whiteSpace: 'nowrap' }]}>
        {free}
      </TableCell>
      <TableCell sx={lineCellSx} />
    </TableRow>
  );
}
