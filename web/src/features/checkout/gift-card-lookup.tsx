import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import {
  GIFT_CARD_MOVEMENT_NAMES,
  GIFT_CARD_STATE_NAMES,
  normalizeGiftCardCode,
  type GiftCard,
} from '@app/domain';
import { DetailsList } from '../../app/details-list';
import { StatusChip } from '../../crud';
import { formatDateTime, formatMoney } from '../../lib/format';
import {
  GIFT_CARD_TEXTS as T,
  GiftCardCodeInput,
  maskedCode,
  parseCode,
  useGiftCardLookup,
} from './gift-card-parts';

/**
 * 'Consultar tarjeta de regalo' (DESIGN §11.6): a card's balance, state and movements by its
 * code, as the counter reads them for a client who asks.
 */

export interface GiftCardLookupDialogProps {
  open: boolean;
  onClose(): void;
}

export function GiftCardLookupDialog({ open, onClose }: GiftCardLookupDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <DialogTitle>{T.lookupTitle}</DialogTitle>
      {/* Each opening starts blank: a code is not left on screen for the next person. */}
      {open && <LookupContent />}
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {T.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function LookupContent() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const lookup = useGiftCardLookup();
  const { query } = lookup;
  const check = () => {
    const parsed = parseCode(text);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    lookup.lookup(parsed.code);
  };
  // The answer is about the code asked; once the code is changed it is not shown.
  const current = lookup.code !== null && lookup.code === normalizeGiftCardCode(text);
  return (
    <DialogContent dividers>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          check();
        }}
      >
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1, alignItems: 'flex-start' }}>
          <GiftCardCodeInput
            id="gift-card-lookup-code"
            label={T.lookupCode}
            value={text}
            required
            autoFocus
            error={Boolean(error)}
            helperText={error ?? ' '}
            onChange={(value) => {
              setText(value);
              setError(undefined);
            }}
            onEnter={check}
            sx={{ flex: '1 1 14rem', mt: 1 }}
          />
          <Button type="submit" variant="contained" loading={query.isFetching} sx={{ mt: 2 }}>
            {T.lookup}
          </Button>
        </Stack>
      </Box>
      <Box aria-live="polite" aria-busy={query.isFetching}>
        {current && query.isError && (
          <Alert severity="error">{query.error.message || T.lookupFailed}</Alert>
        )}
        {current && query.data && <GiftCardDetails card={query.data} />}
      </Box>
    </DialogContent>
  );
}

const STATE_COLORS = { activa: 'success', agotada: 'default', anulada: 'error' } as const;

function GiftCardDetails({ card }: { card: GiftCard }) {
  return (
    <Box component="section" aria-label={`${T.name} ${maskedCode(card.ultimos)}`}>
      <DetailsList
        items={[
          [T.card, maskedCode(card.ultimos)],
          [
            T.state,
            <StatusChip
              key="estado"
              label={GIFT_CARD_STATE_NAMES[card.estado]}
              color={STATE_COLORS[card.estado]}
            />,
          ],
          [T.initial, formatMoney(card.monto)],
          [T.left, <strong key="saldo">{formatMoney(card.saldo)}</strong>],
          [T.sold, formatDateTime(card.created_at)],
        ]}
      />
      <Typography
        id="gift-card-movements"
        variant="h6"
        component="h3"
        sx={{ fontSize: '1rem', mt: 3, mb: 1 }}
      >
        {T.movements}
      </Typography>
      {card.movimientos.length === 0 ? (
        <Typography variant="body2">{T.noMovements}</Typography>
      ) : (
        // Three narrow columns, the receipt under the movement: a phone's width holds them.
        <Table
          size="small"
          aria-labelledby="gift-card-movements"
          sx={{ '& th, & td': { px: { xs: 1, sm: 2 }, verticalAlign: 'top' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{T.date}</TableCell>
              <TableCell>{T.movement}</TableCell>
              <TableCell align="right">{T.amountLabel}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {card.movimientos.map((movement, index) => (
              <TableRow key={`${movement.at}-${index}`}>
                <TableCell>{formatDateTime(movement.at)}</TableCell>
                <TableCell>
                  {GIFT_CARD_MOVEMENT_NAMES[movement.tipo]}
                  <Typography component="div" variant="caption" color="text.secondary">
                    {T.receipt}{' '}
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                      {movement.comprobante}
                    </Box>
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(movement.monto)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
