import { useCallback, useMemo, useState } from 'react';
import { CheckoutDialog } from './checkout-dialog';
import { ReceiptDialog } from './receipt-dialog';

/**
 * Charging and receipts as a screen offers them: `charge` opens the checkout (for a cita, or a
 * walk-in sale without one), and the sale it makes opens its receipt in its place;
 * `showReceipt` opens an issued one. The screen renders `dialogs` once.
 */
export function useSaleDialogs() {
  const [charging, setCharging] = useState<{ appointmentId: number | null } | null>(null);
  const [receipt, setReceipt] = useState<number | null>(null);
  const charge = useCallback(
    (appointmentId: number | null = null) => setCharging({ appointmentId }),
    [],
  );
  const dialogs = useMemo(
    () => (
      <>
        <CheckoutDialog
          open={charging !== null}
          appointmentId={charging?.appointmentId ?? null}
          onClose={() => setCharging(null)}
          onCharged={(sale) => {
            setCharging(null);
            setReceipt(sale.id_venta);
          }}
        />
        <ReceiptDialog saleId={receipt} onClose={() => setReceipt(null)} />
      </>
    ),
    [charging, receipt],
  );
  return { charge, showReceipt: setReceipt, dialogs };
}
