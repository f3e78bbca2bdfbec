import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { formatGiftCardCode, normalizeGiftCardCode, type IssuedGiftCard } from '@app/domain';
import { useBrand } from '../../app/brand';
import { formatMoney } from '../../lib/format';
import { GIFT_CARD_TEXTS as T } from './gift-card-parts';
import { qrImage } from './qr-image';
import { RECEIPT_PRINT_CLASS } from './receipt-print';

/**
 * The gift cards a sale just sold (DESIGN §11.6), shown with the receipt: each code whole, big and
 * as a QR, the only time the server sends it (it keeps a hash); and a card to print for the client.
 */

const MONOSPACE = 'ui-monospace, "Courier New", Courier, monospace';

export function IssuedGiftCards({ cards }: { cards: readonly IssuedGiftCard[] }) {
  const printing = useGiftCardPrint();
  return (
    <Box component="section" aria-labelledby="issued-gift-cards" sx={{ mb: 2 }}>
      {printing.copy}
      <Typography
        id="issued-gift-cards"
        variant="h6"
        component="h3"
        sx={{ fontSize: '1rem', mb: 1 }}
      >
        {cards.length === 1 ? T.issuedOne : T.issuedMany}
      </Typography>
      <Alert severity="warning" sx={{ mb: 1.5 }}>
        {T.handOver}
      </Alert>
      <Stack spacing={1.5}>
        {cards.map((card) => (
          <IssuedCard
            key={card.codigo}
            card={card}
            // One card names its button plainly; several say which card each prints.
            printLabel={cards.length > 1 ? T.printOf(formatGiftCardCode(card.codigo)) : undefined}
            onPrint={() => printing.print(card)}
          />
        ))}
      </Stack>
    </Box>
  );
}

interface IssuedCardProps {
  card: IssuedGiftCard;
  printLabel?: string;
  onPrint(): void;
}

function IssuedCard({ card, printLabel, onPrint }: IssuedCardProps) {
  const code = formatGiftCardCode(card.codigo);
  return (
    <Box
      component="article"
      aria-label={`${T.name} ${formatMoney(card.monto)}`}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        p: 2,
        border: 2,
        borderColor: 'primary.main',
        borderRadius: 2,
      }}
    >
      <GiftCardQr code={card.codigo} size={128} />
      <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
        <Typography variant="caption" component="p" color="text.secondary">
          {T.code}
        </Typography>
        <Typography
          component="p"
          sx={{
            fontFamily: MONOSPACE,
            fontWeight: 700,
            fontSize: { xs: '1.5rem', sm: '2rem' },
            letterSpacing: '0.08em',
            lineHeight: 1.2,
            overflowWrap: 'anywhere',
          }}
        >
          {code}
        </Typography>
        <Typography sx={{ mt: 1 }}>
          {T.amountLabel}: <strong>{formatMoney(card.monto)}</strong>
        </Typography>
        <Button
          variant="outlined"
          startIcon={<PrintIcon />}
          onClick={onPrint}
          aria-label={printLabel}
          sx={{ mt: 1 }}
        >
          {T.print}
        </Button>
      </Box>
    </Box>
  );
}

/** The code as a QR (the bare 12 characters, which the code's input takes as typed). */
function GiftCardQr({ code, size }: { code: string; size: number | string }) {
  const src = useMemo(() => qrImage(normalizeGiftCardCode(code)), [code]);
  return (
    <Box
      component="img"
      src={src}
      alt={T.qrAlt(formatGiftCardCode(code))}
      sx={{ width: size, height: size, flex: 'none' }}
    />
  );
}

const PRINT_CLASS = 'gift-card-print';

/**
 * Printing one card from the browser, as receipt-print does a receipt: while it prints, its copy
 * (a child of <body>) is all the page shows, the receipt's copy hidden too; the browser's
 * 'afterprint' gives the page back to the receipt.
 */
function useGiftCardPrint() {
  const brand = useBrand();
  const [card, setCard] = useState<IssuedGiftCard | null>(null);
  const print = (next: IssuedGiftCard) => {
    flushSync(() => setCard(next));
    window.addEventListener('afterprint', () => setCard(null), { once: true });
    window.print();
  };
  // Doubled classes outweigh the receipt's `body > *:not(.receipt-print)`, !important as it is.
  const mine = `body > div.${PRINT_CLASS}.${PRINT_CLASS}`;
  const copy = card && (
    <>
      <GlobalStyles
        styles={{
          [`.${PRINT_CLASS}`]: {
            position: 'fixed',
            top: 0,
            left: -10_000,
            visibility: 'hidden',
            pointerEvents: 'none',
          },
          '@media print': {
            [`body > *:not(.${PRINT_CLASS})`]: { display: 'none !important' },
            [`body > div.${RECEIPT_PRINT_CLASS}.${RECEIPT_PRINT_CLASS}`]: {
              display: 'none !important',
            },
            [mine]: { display: 'block !important', position: 'static', visibility: 'visible' },
            'html, body': {
              overflow: 'visible !important',
              height: 'auto !important',
              padding: '0 !important',
              background: '#fff !important',
            },
          },
        }}
      />
      {createPortal(
        <Box className={PRINT_CLASS} sx={{ color: '#000', bgcolor: '#fff' }}>
          <PrintedGiftCard card={card} business={brand.name} />
        </Box>,
        document.body,
      )}
    </>
  );
  return { print, copy };
}

/** The card handed to the client: the size of a bank card's width, fits an 80 mm roll too. */
function PrintedGiftCard({ card, business }: { card: IssuedGiftCard; business: string }) {
  return (
    <Box
      sx={{
        width: '100%',
        maxWidth: '86mm',
        boxSizing: 'border-box',
        border: '2px solid currentColor',
        borderRadius: '4mm',
        p: '5mm',
        textAlign: 'center',
        fontSize: '10pt',
        lineHeight: 1.3,
      }}
    >
      <Box sx={{ fontWeight: 700 }}>{business}</Box>
      <Box sx={{ fontSize: '14pt', fontWeight: 700, letterSpacing: '0.12em', mt: '2mm' }}>
        {T.printedTitle}
      </Box>
      <Box sx={{ fontSize: '20pt', fontWeight: 700, my: '2mm' }}>{formatMoney(card.monto)}</Box>
      <GiftCardQr code={card.codigo} size="30mm" />
      <Box
        sx={{
          fontFamily: MONOSPACE,
          fontSize: '15pt',
          fontWeight: 700,
          letterSpacing: '0.08em',
          mt: '1mm',
        }}
      >
        {formatGiftCardCode(card.codigo)}
      </Box>
      <Box sx={{ fontSize: '8pt', mt: '2mm' }}>{T.printedNote}</Box>
    </Box>
  );
}
