import { useCallback, useMemo, useState } from 'react';
import type { Sale } from '@app/domain';
import { CheckoutDialog } from './checkout-dialog';
import { ReceiptDialog } from './receipt-dialog';

/**
 * Charging and receipts as a screen offers them: `charge` opens the checkout (for a cita, or a
 * walk-in sale without one), and the sale it makes opens its receipt in its place, as the POST
 * answered it (not fetched again); `showReceipt` opens an issued one by its id. The screen renders
 * `dialogs` once.
 */
export function useSaleDialogs() {
  const [charging, setCharging] = useState<{ appointmentId: number | null } | null>(null);
  const [receipt, setReceipt] = useState<number | Sale | null>(null);
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
            setReceipt(sale);
          }}
        />
        <ReceiptDialog sale={receipt} onClose={() => setReceipt(null)} />
      </>
    ),
    [charging, receipt],
  );
  return { charge, showReceipt: setReceipt, dialogs };
}
