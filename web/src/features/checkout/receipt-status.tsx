import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SALE_ENDPOINTS, SALE_MESSAGES, type CreditNote, type Sale } from '@app/domain';
import { showErrorDialog, toast } from '../../lib/alerts';
import { callWithMessage } from '../../lib/api';
import { refreshAfterSale } from './receipt-queries';
import { electronicStatus, RECEIPT_TEXTS } from './receipt-texts';

/**
 * Where the electronic document shown stands with SUNAT (DESIGN §11.2), above the receipt: waiting
 * to be sent, accepted, failed for now, or rejected with SUNAT's code and reason; a rejected
 * receipt still in force is issued again from here in one click, by an administrator
 * (`POST /api/venta/reemitir`).
 */

export interface ElectronicStatusProps {
  marks: Pick<CreditNote, 'cpe_estado' | 'cpe_codigo' | 'cpe_mensaje'>;
  /** The sale to issue again, offered when its receipt was rejected; null otherwise. */
  reissue: { id: number; onReissued(next: Sale): void } | null;
}

export function ElectronicStatus({ marks, reissue }: ElectronicStatusProps) {
  const client = useQueryClient();
  const [reissuing, setReissuing] = useState(false);
  const status = electronicStatus(marks);
  if (!status) return null;

  const issueAgain = async (id: number, onReissued: (next: Sale) => void) => {
    setReissuing(true);
    try {
      const answer = await callWithMessage(SALE_ENDPOINTS.reissue, { body: { id } });
      toast.success(answer.message ?? SALE_MESSAGES.reissued);
      void refreshAfterSale(client);
      onReissued(answer.data);
    } catch (error) {
      setReissuing(false);
      await showErrorDialog(RECEIPT_TEXTS.reissueErrorTitle, error);
    }
  };

  return (
    <Alert
      severity={status.severity}
      sx={{ mb: 2 }}
      action={
        reissue && (
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            loading={reissuing}
            onClick={() => void issueAgain(reissue.id, reissue.onReissued)}
          >
            {RECEIPT_TEXTS.reissue}
          </Button>
        )
      }
    >
      <AlertTitle>{status.title}</AlertTitle>
      {status.detail}
      {reissue && <div>{RECEIPT_TEXTS.reissueHint}</div>}
    </Alert>
  );
}
