import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import type { ReceiptDocument, Sale } from '@app/domain';
import { Receipt, type PaperFormat } from './receipt-document';

/** Printing a receipt from the browser (decisions §receipt): on A4 or on 80 mm thermal paper. */

/** The page and its margins, in millimetres: the printable width is what is left. */
const PAPER: Record<PaperFormat, { width: number; margin: number }> = {
  a4: { width: 210, margin: 12 },
  '80mm': { width: 80, margin: 3 },
};

/** The receipt's print copy, a child of <body>; a gift card's print hides it (gift-card-issued). */
export const RECEIPT_PRINT_CLASS = 'receipt-print';
const MM_PER_PX = 25.4 / 96;

interface Paper {
  format: PaperFormat;
  /** The roll's length for this receipt: browsers take no 'auto' height in @page. */
  rollLength: number;
}

/**
 * While a receipt is open, its print copy (a child of <body>, beside the app and the dialogs)
 * waits off screen at the width of the paper, where it can be measured; printing shows only it,
 * on A4 or on a roll of 80 mm as long as the receipt.
 */
function PrintStyles({ paper }: { paper: Paper }) {
  const { width, margin } = PAPER[paper.format];
  return (
    <GlobalStyles
      styles={{
        [`.${RECEIPT_PRINT_CLASS}`]: {
          position: 'fixed',
          top: 0,
          left: -10_000,
          width: `${width - 2 * margin}mm`,
          visibility: 'hidden',
          pointerEvents: 'none',
        },
        '@media print': {
          [`body > *:not(.${RECEIPT_PRINT_CLASS})`]: { display: 'none !important' },
          [`.${RECEIPT_PRINT_CLASS}`]: { position: 'static', visibility: 'visible', width: 'auto' },
          'html, body': {
            overflow: 'visible !important',
            height: 'auto !important',
            padding: '0 !important',
            background: '#fff !important',
          },
        },
        '@page': {
          size: paper.format === 'a4' ? 'A4' : `${width}mm ${paper.rollLength}mm`,
          margin: `${margin}mm`,
        },
      }}
    />
  );
}

/**
 * Printing `sale`'s `shown` document (the receipt or its nota de crédito): `copy` is its print copy
 * with the page's print styles, rendered while the receipt is open (nothing until the sale is
 * loaded); `print` prints it on the paper asked for.
 */
export function useReceiptPrint(
  sale: Sale | undefined,
  shown: ReceiptDocument,
  logoUrl: string | null,
) {
  const [paper, setPaper] = useState<Paper>({ format: 'a4', rollLength: 297 });
  const printCopy = useRef<HTMLDivElement>(null);

  const print = (format: PaperFormat) => {
    // The copy is laid out at the paper's width first, then measured for the roll's length;
    // both must be on the page before the browser lays it out for printing.
    flushSync(() => setPaper((current) => ({ ...current, format })));
    const height = printCopy.current?.getBoundingClientRect().height ?? 0;
    const rollLength = Math.ceil(height * MM_PER_PX) + 2 * PAPER['80mm'].margin + 4;
    flushSync(() => setPaper({ format, rollLength }));
    window.print();
  };

  const copy = sale && (
    <>
      <PrintStyles paper={paper} />
      {createPortal(
        <Box
          ref={printCopy}
          className={RECEIPT_PRINT_CLASS}
          sx={{ color: '#000', bgcolor: '#fff' }}
        >
          <Receipt sale={sale} document={shown} logoUrl={logoUrl} format={paper.format} />
        </Box>,
        document.body,
      )}
    </>
  );
  return { print, copy };
}
