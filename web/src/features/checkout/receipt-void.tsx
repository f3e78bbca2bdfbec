import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import {
  receiptTitle,
  SALE_ENDPOINTS,
  SALE_MESSAGES,
  SaleVoidSchema,
  voidIssuesCreditNote,
  type Sale,
} from '@app/domain';
import { ResourceForm, type FieldDef } from '../../crud';
import { toast } from '../../lib/alerts';
import { callWithMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { refreshAfterSale } from './receipt-queries';
import { RECEIPT_TEXTS } from './receipt-texts';

/**
 * Voiding a sale (decisions §void): an administrator's, with a reason; an electronic receipt's
 * void issues its nota de crédito (DESIGN §11.1), unless SUNAT rejected the receipt.
 */

const voidFields: FieldDef<'motivo'>[] = [
  { name: 'motivo', label: 'Motivo', kind: 'textarea', maxLength: 200, width: 12, autoFocus: true },
];

/** 'Anular venta': the reason (5 to 200 characters), then PATCH /api/venta/anular. */
export function VoidDialog({ sale, onClose }: { sale: Sale | null; onClose(): void }) {
  const client = useQueryClient();
  return (
    <Dialog open={sale !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{RECEIPT_TEXTS.voidTitle}</DialogTitle>
      <DialogContent>
        {sale && (
          <Stack sx={{ pt: 1 }}>
            <ResourceForm<typeof SaleVoidSchema>
              fields={voidFields}
              schema={SaleVoidSchema}
              defaultValues={{ id: sale.id_venta, motivo: '' }}
              submitLabel={RECEIPT_TEXTS.voidSubmit}
              errorTitle={RECEIPT_TEXTS.voidErrorTitle}
              onSubmit={async (values) => {
                const answer = await callWithMessage(SALE_ENDPOINTS.void, { body: values });
                toast.success(answer.message ?? SALE_MESSAGES.voided);
                void refreshAfterSale(client);
                onClose();
              }}
              onCancel={onClose}
            >
              <div>{`${receiptTitle(sale)} ${sale.comprobante} · ${formatMoney(sale.total)}`}</div>
              {voidIssuesCreditNote(sale) && <div>{RECEIPT_TEXTS.voidIssuesCreditNote}</div>}
            </ResourceForm>
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}
