import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useId } from 'react';
import { COMMISSION_ENDPOINTS } from '@app/domain';
import { call, queryKey } from '../../lib/api';
import { MY_DAY_TEXTS as T, commissionParts } from './my-day-texts';

/**
 * 'Mis comisiones' atop 'Mi día' (DESIGN §11.7): what the signed-in groomer has earned in the
 * current period, theirs only (`GET /comisiones/mias`). Nothing shows unless the server answers
 * it: a user with no employee (404) or a failed call leaves the day as it was.
 */
export function MyCommission() {
  const titleId = useId();
  const own = useQuery({
    queryKey: queryKey(COMMISSION_ENDPOINTS.own),
    queryFn: ({ signal }) => call(COMMISSION_ENDPOINTS.own, { signal }),
  });
  if (!own.data) return null;
  const { period, figures } = commissionParts(own.data);

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ mb: 2, maxWidth: 880 }}
    >
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {T.commissions}
        </Typography>
        <Typography variant="body2">
          {period}{' '}
          {figures.map((figure, index) => (
            <Fragment key={figure}>
              {index > 0 && ' · '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {figure}
              </Box>
            </Fragment>
          ))}
        </Typography>
      </CardContent>
    </Card>
  );
}
