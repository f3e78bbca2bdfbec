import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AddIcon from '@mui/icons-material/Add';
import DateRangeIcon from '@mui/icons-material/DateRange';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PaymentsIcon from '@mui/icons-material/Payments';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PriorityHighIcon from '@mui/icons-material/PriorityHigh';
import WifiIcon from '@mui/icons-material/Wifi';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { GRADIENTS, GradientBox } from '../app/cards/gradient-box';
import { DemoBanner } from './demo-banner';

/** Demonstration screen (spec §000-1): Material Dashboard's billing page, static content only. */

interface Invoice {
  date: string;
  id: string;
  price: string;
}

const INVOICES: readonly Invoice[] = [
  { date: 'March, 01, 2020', id: '#MS-415646', price: '$180' },
  { date: 'February, 10, 2021', id: '#RV-126749', price: '$250' },
  { date: 'April, 05, 2020', id: '#QW-103578', price: '$120' },
  { date: 'June, 25, 2019', id: '#MS-415646', price: '$180' },
  { date: 'March, 01, 2019', id: '#AR-803481', price: '$300' },
];

interface Bill {
  name: string;
  company: string;
  email: string;
  vat: string;
}

const BILLS: readonly Bill[] = [
  {
    name: 'Oliver Liam',
    company: 'Viking Burrito',
    email: 'oliver@burrito.com',
    vat: 'FRB1235476',
  },
  {
    name: 'Lucas Harper',
    company: 'Stone Tech Zone',
    email: 'lucas@stone-tech.com',
    vat: 'FRB1235476',
  },
  { name: 'Ethan James', company: 'Fiber Notion', email: 'ethan@fiber.com', vat: 'FRB1235476' },
];

type TransactionKind = 'credit' | 'debit' | 'pending';

interface Transaction {
  name: string;
  description: string;
  value: string;
  kind: TransactionKind;
}

const TRANSACTION_GROUPS: readonly { title: string; items: readonly Transaction[] }[] = [
  {
    title: 'newest',
    items: [
      {
        name: 'Netflix',
        description: '27 March 2020, at 12:30 PM',
        value: '- $2,500',
        kind: 'debit',
      },
      {
        name: 'Apple',
        description: '27 March 2020, at 04:30 AM',
        value: '+ $2,000',
        kind: 'credit',
      },
    ],
  },
  {
    title: 'yesterday',
    items: [
      {
        name: 'Stripe',
        description: '26 March 2020, at 13:45 PM',
        value: '+ $750',
        kind: 'credit',
      },
      {
        name: 'HubSpot',
        description: '26 March 2020, at 12:30 PM',
        value: '+ $1,000',
        kind: 'credit',
      },
      {
        name: 'Creative Tim',
        description: '26 March 2020, at 08:30 AM',
        value: '+ $2,500',
        kind: 'credit',
      },
      {
        name: 'Webflow',
        description: '26 March 2020, at 05:00 AM',
        value: 'Pending',
        kind: 'pending',
      },
    ],
  },
];

const TRANSACTION_LOOK: Record<
  TransactionKind,
  { color: 'success.main' | 'error.main' | 'text.secondary'; icon: ReactNode }
> = {
  credit: { color: 'success.main', icon: <ExpandLessIcon fontSize="small" /> },
  debit: { color: 'error.main', icon: <ExpandMoreIcon fontSize="small" /> },
  pending: { color: 'text.secondary', icon: <PriorityHighIcon fontSize="small" /> },
};

const overlineSx = {
  color: 'text.secondary',
  fontWeight: 700,
  textTransform: 'uppercase',
  fontSize: '0.7rem',
} as const;

/** Mastercard's two overlapping circles, drawn without an image. */
function MastercardLogo({ size = 28 }: { size?: number }) {
  return (
    <Box
      role="img"
      aria-label="Mastercard"
      sx={{ display: 'flex', alignItems: 'center', width: size * 1.6 }}
    >
      <Box sx={{ width: size, height: size, borderRadius: '50%', bgcolor: '#eb001b' }} />
      <Box
        sx={{
          width: size,
          height: size,
          borderRadius: '50%',
          bgcolor: '#f79e1b',
          opacity: 0.85,
          ml: `-${size * 0.4}px`,
        }}
      />
    </Box>
  );
}

function VisaLogo() {
  return (
    <Typography
      role="img"
      aria-label="Visa"
      sx={{
        fontWeight: 900,
        fontStyle: 'italic',
        fontSize: '1.1rem',
        color: (theme) => (theme.palette.mode === 'dark' ? '#fff' : '#1a1f71'),
      }}
    >
      VISA
    </Typography>
  );
}

function MasterCard() {
  return (
    <Card
      sx={{
        backgroundImage: GRADIENTS.dark,
        color: '#fff',
        height: '100%',
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
      }}
    >
      <WifiIcon sx={{ opacity: 0.8 }} />
      <Typography variant="h5" sx={{ fontWeight: 500, letterSpacing: '0.12em', my: 3 }}>
        4562&nbsp;&nbsp;&nbsp;1122&nbsp;&nbsp;&nbsp;4594&nbsp;&nbsp;&nbsp;7852
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={3}>
          <Box>
            <Typography variant="caption" sx={{ opacity: 0.8 }}>
              Card Holder
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              Jack Peterson
            </Typography>
          </Box>
          <Box>
            <Typography variant="caption" sx={{ opacity: 0.8 }}>
              Expires
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              11/22
            </Typography>
          </Box>
        </Stack>
        <MastercardLogo />
      </Stack>
    </Card>
  );
}

interface InfoCardProps {
  icon: ReactNode;
  title: string;
  description: string;
  value: string;
}

function InfoCard({ icon, title, description, value }: InfoCardProps) {
  return (
    <Card sx={{ height: '100%', textAlign: 'center' }}>
      <Box sx={{ p: 2, mx: 3, display: 'flex', justifyContent: 'center' }}>
        <GradientBox
          color="info"
          sx={{ width: 64, height: 64, display: 'grid', placeItems: 'center', borderRadius: 3 }}
        >
          {icon}
        </GradientBox>
      </Box>
      <Box sx={{ px: 2, pb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {description}
        </Typography>
        <Divider sx={{ my: 2 }} />
        <Typography variant="h5" sx={{ fontWeight: 500 }}>
          {value}
        </Typography>
      </Box>
    </Card>
  );
}

function PaymentMethod() {
  const cards = [
    { logo: <MastercardLogo size={22} />, number: '7852' },
    { logo: <VisaLogo />, number: '5248' },
  ];
  return (
    <Card>
      <Stack
        direction="row"
        sx={{ p: 2, alignItems: 'center', justifyContent: 'space-between', gap: 2 }}
      >
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Payment Method
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          sx={{ backgroundImage: GRADIENTS.dark, color: '#fff' }}
        >
          add new card
        </Button>
      </Stack>
      <Grid container spacing={3} sx={{ p: 2 }}>
        {cards.map((card) => (
          <Grid key={card.number} size={{ xs: 12, md: 6 }}>
            <Stack
              direction="row"
              spacing={2}
              sx={{
                alignItems: 'center',
                p: 2.5,
                borderRadius: 2,
                border: 1,
                borderColor: 'divider',
              }}
            >
              {card.logo}
              <Typography variant="h6" component="p" sx={{ flexGrow: 1, fontWeight: 500 }}>
                ****&nbsp;&nbsp;****&nbsp;&nbsp;****&nbsp;&nbsp;{card.number}
              </Typography>
              <Tooltip title="Edit Card">
                <IconButton size="small" aria-label="Edit Card">
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          </Grid>
        ))}
      </Grid>
    </Card>
  );
}

function Invoices() {
  return (
    <Card sx={{ height: '100%' }}>
      <Stack direction="row" sx={{ p: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Invoices
        </Typography>
        <Button variant="outlined" size="small">
          view all
        </Button>
      </Stack>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, px: 2, pb: 2 }}>
        {INVOICES.map((invoice) => (
          <Stack
            key={`${invoice.date}-${invoice.id}`}
            component="li"
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between' }}
          >
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {invoice.date}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {invoice.id}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                {invoice.price}
              </Typography>
              <Button
                size="small"
                color="inherit"
                startIcon={<PictureAsPdfIcon />}
                aria-label={`PDF ${invoice.id}`}
              >
                PDF
              </Button>
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

function BillingInformation() {
  return (
    <Card sx={{ height: '100%' }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, p: 2 }}>
        Billing Information
      </Typography>
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, px: 2, pb: 2 }}>
        {BILLS.map((bill) => (
          <Box
            key={bill.name}
            component="li"
            sx={{ p: 3, borderRadius: 2, bgcolor: 'action.hover' }}
          >
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}
            >
              <Typography variant="button" sx={{ textTransform: 'uppercase' }}>
                {bill.name}
              </Typography>
              <Stack direction="row" spacing={1}>
                <Button size="small" color="error" startIcon={<DeleteIcon />}>
                  delete
                </Button>
                <Button size="small" color="inherit" startIcon={<EditIcon />}>
                  edit
                </Button>
              </Stack>
            </Stack>
            {[
              ['Company Name', bill.company],
              ['Email Address', bill.email],
              ['VAT Number', bill.vat],
            ].map(([label, value]) => (
              <Typography key={label} variant="caption" component="p" color="text.secondary">
                {label}:&nbsp;
                <Box component="span" sx={{ fontWeight: 500, color: 'text.primary' }}>
                  {value}
                </Box>
              </Typography>
            ))}
          </Box>
        ))}
      </Stack>
    </Card>
  );
}

function Transactions() {
  return (
    <Card sx={{ height: '100%' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ p: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Your Transaction&apos;s
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <DateRangeIcon fontSize="small" />
          <Typography variant="button" sx={{ fontWeight: 400 }}>
            23 - 30 March 2020
          </Typography>
        </Stack>
      </Stack>
      <Box sx={{ px: 2, pb: 2 }}>
        {TRANSACTION_GROUPS.map((group) => (
          <Box key={group.title} sx={{ mb: 2 }}>
            <Typography variant="caption" component="h3" sx={{ ...overlineSx, mb: 1.5 }}>
              {group.title}
            </Typography>
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {group.items.map((item) => {
                const look = TRANSACTION_LOOK[item.kind];
                return (
                  <Stack
                    key={item.name}
                    component="li"
                    direction="row"
                    spacing={2}
                    sx={{ alignItems: 'center' }}
                  >
                    <Box
                      sx={{
                        width: 32,
                        height: 32,
                        flexShrink: 0,
                        display: 'grid',
                        placeItems: 'center',
                        borderRadius: '50%',
                        border: 2,
                        borderColor: look.color,
                        color: look.color,
                      }}
                    >
                      {look.icon}
                    </Box>
                    <Box sx={{ flexGrow: 1 }}>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {item.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {item.description}
                      </Typography>
                    </Box>
                    <Typography variant="button" sx={{ color: look.color }}>
                      {item.value}
                    </Typography>
                  </Stack>
                );
              })}
            </Stack>
          </Box>
        ))}
      </Box>
    </Card>
  );
}

export function BillingPage() {
  return (
    <Box sx={{ py: 3 }}>
      <DemoBanner sx={{ mb: 3 }} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, xl: 6 }}>
              <MasterCard />
            </Grid>
            <Grid size={{ xs: 12, md: 6, xl: 3 }}>
              <InfoCard
                icon={<AccountBalanceIcon />}
                title="Salary"
                description="Belong Interactive"
                value="+$2000"
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6, xl: 3 }}>
              <InfoCard
                icon={<PaymentsIcon />}
                title="Paypal"
                description="Freelance Payment"
                value="$455.00"
              />
            </Grid>
            <Grid size={12}>
              <PaymentMethod />
            </Grid>
          </Grid>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Invoices />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <BillingInformation />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Transactions />
        </Grid>
      </Grid>
    </Box>
  );
}
