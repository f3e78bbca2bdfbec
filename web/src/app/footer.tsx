import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { now } from '../lib/format';
import { useBrand } from './brand';

export function Footer() {
  const brand = useBrand();
  return (
    <Box component="footer" sx={{ py: 3 }}>
      <Typography
        variant="body2"
        sx={{ color: 'text.secondary', textAlign: { xs: 'center', lg: 'left' } }}
      >
        © {now().year()}, {brand.name}. Todos los derechos reservados.
      </Typography>
    </Box>
  );
}
