import InventoryIcon from '@mui/icons-material/Inventory2';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PaymentIcon from '@mui/icons-material/Payment';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import StoreIcon from '@mui/icons-material/Store';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import WeekendIcon from '@mui/icons-material/Weekend';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useEffect, type ReactNode } from 'react';
import {
  bareAxis,
  ChartCard,
  CHART_ON_GRADIENT,
  CHART_WHITE,
  tickLabelStyle,
} from '../app/cards/chart-card';
import type { GradientColor } from '../app/cards/gradient-box';
import { SectionCard } from '../app/cards/section-card';
import { Emphasis, StatCard, type StatCardProps } from '../app/cards/stat-card';
import { InitialsAvatar } from './demo-card';
import { DemoBanner } from './demo-banner';

/**
 * Demonstration screen (spec §000-1): Material Dashboard's dashboard in Arabic, right to left.
 * While shown it sets the document's language to ar and its direction to rtl, and puts both back
 * when left.
 */

/** Material Dashboard's note under a figure: the change in green, then what it compares with. */
const note = (change: string, label: string) => (
  <>
    {change && <Emphasis color="success.main">{change}&nbsp;</Emphasis>}
    {label}
  </>
);

const STATS: readonly StatCardProps[] = [
  {
    color: 'dark',
    icon: <WeekendIcon />,
    title: 'أموال اليوم',
    value: '281',
    footer: note('+55%', 'من الأسبوع الماضي'),
  },
  {
    color: 'info',
    icon: <LeaderboardIcon />,
    title: 'مستخدمو اليوم',
    value: '2,300',
    footer: note('+3%', 'من الشهر الماضي'),
  },
  {
    color: 'success',
    icon: <StoreIcon />,
    title: 'إيرادات',
    value: '34k',
    footer: note('+1%', 'مقارنة بيوم أمس'),
  },
  {
    color: 'primary',
    icon: <PersonAddIcon />,
    title: 'متابعون',
    value: '+91',
    footer: note('', 'محدث للتو'),
  },
];

const WEEK_DAYS = ['ن', 'ث', 'ر', 'خ', 'ج', 'س', 'ح'];
const MONTHS = ['أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'];

interface DemoChart {
  title: string;
  description: string;
  updated: string;
  kind: 'bar' | 'line';
  color: GradientColor;
  labels: readonly string[];
  data: number[];
}

const CHARTS: readonly DemoChart[] = [
  {
    title: 'مشاهدات الموقع',
    description: 'آخر أداء للحملة',
    updated: 'الحملة أرسلت قبل يومين',
    kind: 'bar',
    color: 'info',
    labels: WEEK_DAYS,
    data: [50, 20, 10, 22, 50, 10, 40],
  },
  {
    title: 'المبيعات اليومية',
    description: '(+15%) زيادة في مبيعات اليوم',
    updated: 'تم التحديث منذ 4 دقائق',
    kind: 'line',
    color: 'success',
    labels: MONTHS,
    data: [50, 40, 300, 320, 500, 350, 200, 230, 500],
  },
  {
    title: 'المهام المكتملة',
    description: 'آخر أداء للحملة',
    updated: 'تم تحديثه للتو',
    kind: 'line',
    color: 'dark',
    labels: MONTHS,
    data: [50, 40, 300, 220, 500, 250, 400, 230, 500],
  },
];

interface Project {
  name: string;
  members: readonly string[];
  budget: string;
  completion: number;
}

const PROJECTS: readonly Project[] = [
  {
    name: 'Material XD الإصدار',
    members: ['سارة أحمد', 'خالد يوسف', 'ليلى حسن', 'عمر سعيد'],
    budget: '$14,000',
    completion: 60,
  },
  {
    name: 'إضافة تتبع التقدم إلى التطبيق',
    members: ['نور علي', 'خالد يوسف'],
    budget: '$3,000',
    completion: 10,
  },
  {
    name: 'إصلاح أخطاء النظام الأساسي',
    members: ['ليلى حسن', 'عمر سعيد'],
    budget: 'غير مضبوط',
    completion: 100,
  },
  {
    name: 'إطلاق تطبيق الهاتف المحمول الخاص بنا',
    members: ['سارة أحمد', 'نور علي', 'خالد يوسف', 'عمر سعيد'],
    budget: '$20,500',
    completion: 100,
  },
  {
    name: 'أضف صفحة التسعير الجديدة',
    members: ['ليلى حسن'],
    budget: '$500',
    completion: 25,
  },
  {
    name: 'إعادة تصميم متجر جديد على الإنترنت',
    members: ['سارة أحمد', 'نور علي'],
    budget: '$2,000',
    completion: 40,
  },
];

interface Order {
  color: 'success.main' | 'error.main' | 'info.main' | 'warning.main' | 'primary.main';
  icon: ReactNode;
  title: string;
  date: string;
}

const ORDERS: readonly Order[] = [
  {
    color: 'success.main',
    icon: <NotificationsIcon fontSize="small" />,
    title: '$2400، تغييرات في التصميم',
    date: '22 ديسمبر 7:20 مساءً',
  },
  {
    color: 'error.main',
    icon: <InventoryIcon fontSize="small" />,
    title: 'طلب جديد #1832412',
    date: '21 ديسمبر 11 مساءً',
  },
  {
    color: 'info.main',
    icon: <ShoppingCartIcon fontSize="small" />,
    title: 'مدفوعات الخادم لشهر أبريل',
    date: '21 ديسمبر 9:34 مساءً',
  },
  {
    color: 'warning.main',
    icon: <PaymentIcon fontSize="small" />,
    title: 'تمت إضافة بطاقة جديدة للأمر #4395133',
    date: '20 ديسمبر 2:20 صباحًا',
  },
  {
    color: 'primary.main',
    icon: <VpnKeyIcon fontSize="small" />,
    title: 'فتح الحزم من أجل التطوير',
    date: '18 ديسمبر 4:54 صباحًا',
  },
];

/** Sets `lang` and `dir` of the document while mounted; puts the previous values back after. */
function useDocumentDirection(lang: string, dir: 'rtl' | 'ltr') {
  useEffect(() => {
    const root = document.documentElement;
    const previousLang = root.getAttribute('lang');
    const previousDir = root.getAttribute('dir');
    root.lang = lang;
    root.dir = dir;
    return () => {
      if (previousLang === null) root.removeAttribute('lang');
      else root.setAttribute('lang', previousLang);
      if (previousDir === null) root.removeAttribute('dir');
      else root.setAttribute('dir', previousDir);
    };
  }, [lang, dir]);
}

/**
 * The shell's theme turned right to left. Without a stylis RTL plugin, physical margins are not
 * mirrored, so Stack spaces its children with `gap` (direction-neutral) instead of margins.
 */
const rtlTheme = (outer: Theme): Theme => ({
  ...outer,
  direction: 'rtl',
  components: { ...outer.components, MuiStack: { defaultProps: { useFlexGap: true } } },
});

/** Nine month names do not fit side by side: label every other one. */
const everyOtherLabel = (_value: unknown, index: number) => index % 2 === 0;

function DemoChartCard({ title, description, updated, kind, color, labels, data }: DemoChart) {
  const chartProps = {
    ...CHART_ON_GRADIENT,
    yAxis: [{ position: 'right' as const, width: 36, tickLabelStyle, ...bareAxis }],
    margin: { top: 12, bottom: 4, left: 24, right: 4 },
  };
  const series = { data, color: CHART_WHITE };
  // The labels run right to left, like the page.
  const labelAxis = { data: [...labels], reverse: true, tickLabelStyle, ...bareAxis };
  return (
    <ChartCard title={title} hint={description} updated={updated} color={color}>
      {kind === 'bar' ? (
        <BarChart
          {...chartProps}
          xAxis={[{ ...labelAxis, scaleType: 'band' }]}
          series={[series]}
          borderRadius={4}
        />
      ) : (
        <LineChart
          {...chartProps}
          xAxis={[{ ...labelAxis, scaleType: 'point', tickLabelInterval: everyOtherLabel }]}
          series={[{ ...series, curve: 'natural' }]}
        />
      )}
    </ChartCard>
  );
}

function ProjectsCard() {
  return (
    <SectionCard
      title="المشاريع"
      hint={
        <>
          <Box component="span" sx={{ fontWeight: 700 }}>
            30 انتهى
          </Box>{' '}
          هذا الشهر
        </>
      }
    >
      <TableContainer>
        <Table size="small" aria-label="المشاريع">
          <TableHead>
            <TableRow>
              {['الشركات', 'أعضاء', 'ميزانية', 'إكمال'].map((label) => (
                <TableCell
                  key={label}
                  align="right"
                  sx={{ color: 'text.secondary', fontWeight: 700, fontSize: '0.75rem' }}
                >
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {PROJECTS.map((project) => (
              <TableRow key={project.name}>
                <TableCell align="right">
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                    <InitialsAvatar name={project.name} size={32} rounded />
                    <Typography variant="body2" sx={{ fontWeight: 700 }}>
                      {project.name}
                    </Typography>
                  </Stack>
                </TableCell>
                <TableCell align="right">
                  <AvatarGroup
                    max={4}
                    sx={{
                      justifyContent: 'flex-end',
                      '& .MuiAvatar-root': { width: 26, height: 26 },
                    }}
                  >
                    {project.members.map((member) => (
                      <InitialsAvatar key={member} name={member} size={26} />
                    ))}
                  </AvatarGroup>
                </TableCell>
                <TableCell align="right">
                  <Typography variant="caption" sx={{ fontWeight: 700 }}>
                    {project.budget}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ minWidth: 120 }}>
                  <Typography variant="caption" sx={{ fontWeight: 500 }}>
                    {project.completion}%
                  </Typography>
                  <LinearProgress
                    variant="determinate"
                    value={project.completion}
                    color={project.completion === 100 ? 'success' : 'info'}
                    aria-label={`${project.name}: ${project.completion}%`}
                    sx={{ height: 4, borderRadius: 2 }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </SectionCard>
  );
}

function OrdersOverview() {
  return (
    <SectionCard
      title="نظرة عامة على الطلبات"
      hint={
        <>
          <Emphasis color="success.main">24%</Emphasis> هذا الشهر
        </>
      }
    >
      <Box component="ol" sx={{ listStyle: 'none', m: 0, px: 2, pb: 2 }}>
        {ORDERS.map((order, index) => (
          <Stack
            key={order.title}
            component="li"
            direction="row"
            spacing={2}
            sx={{ position: 'relative', pb: index === ORDERS.length - 1 ? 0 : 3 }}
          >
            {index < ORDERS.length - 1 && (
              <Box
                aria-hidden
                sx={{
                  position: 'absolute',
                  insetInlineStart: 12,
                  top: 28,
                  bottom: 0,
                  width: 2,
                  bgcolor: 'divider',
                }}
              />
            )}
            <Box
              sx={{
                width: 26,
                height: 26,
                flexShrink: 0,
                display: 'grid',
                placeItems: 'center',
                borderRadius: '50%',
                bgcolor: order.color,
                color: '#fff',
                '& svg': { fontSize: 16 },
              }}
            >
              {order.icon}
            </Box>
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {order.title}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {order.date}
              </Typography>
            </Box>
          </Stack>
        ))}
      </Box>
    </SectionCard>
  );
}

export function RtlPage() {
  useDocumentDirection('ar', 'rtl');
  return (
    <ThemeProvider theme={rtlTheme}>
      <DemoBanner sx={{ mt: 3 }} />
      <Box dir="rtl" lang="ar" sx={{ py: 3, textAlign: 'start' }}>
        <Grid container spacing={3}>
          {STATS.map((stat) => (
            <Grid key={stat.title} size={{ xs: 12, md: 6, lg: 3 }}>
              <StatCard {...stat} />
            </Grid>
          ))}
        </Grid>
        <Grid container spacing={3} sx={{ mt: 4.5 }}>
          {CHARTS.map((chart) => (
            <Grid key={chart.title} size={{ xs: 12, md: 6, lg: 4 }}>
              <DemoChartCard {...chart} />
            </Grid>
          ))}
        </Grid>
        <Grid container spacing={3} sx={{ mt: 3 }}>
          <Grid size={{ xs: 12, md: 6, lg: 8 }}>
            <ProjectsCard />
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <OrdersOverview />
          </Grid>
        </Grid>
      </Box>
    </ThemeProvider>
  );
}
