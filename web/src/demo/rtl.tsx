import InventoryIcon from '@mui/icons-material/Inventory2';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PaymentIcon from '@mui/icons-material/Payment';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import ScheduleIcon from '@mui/icons-material/Schedule';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import StoreIcon from '@mui/icons-material/Store';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import WeekendIcon from '@mui/icons-material/Weekend';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
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
import { chartsGridClasses } from '@mui/x-charts/ChartsGrid';
import { LineChart } from '@mui/x-charts/LineChart';
import { useEffect, type ReactNode } from 'react';
import { GradientBox, InitialsAvatar, type DemoColor } from './demo-card';

/**
 * Demonstration screen (spec §1): Material Dashboard's dashboard in Arabic, right to left. While
 * shown it sets the document's language to ar and its direction to rtl, and puts both back when
 * left.
 */

interface Stat {
  color: DemoColor;
  icon: ReactNode;
  title: string;
  count: string;
  change: string;
  label: string;
}

const STATS: readonly Stat[] = [
  {
    color: 'dark',
    icon: <WeekendIcon />,
    title: 'أموال اليوم',
    count: '281',
    change: '+55%',
    label: 'من الأسبوع الماضي',
  },
  {
    color: 'info',
    icon: <LeaderboardIcon />,
    title: 'مستخدمو اليوم',
    count: '2,300',
    change: '+3%',
    label: 'من الشهر الماضي',
  },
  {
    color: 'success',
    icon: <StoreIcon />,
    title: 'إيرادات',
    count: '34k',
    change: '+1%',
    label: 'مقارنة بيوم أمس',
  },
  {
    color: 'primary',
    icon: <PersonAddIcon />,
    title: 'متابعون',
    count: '+91',
    change: '',
    label: 'محدث للتو',
  },
];

const WEEK_DAYS = ['ن', 'ث', 'ر', 'خ', 'ج', 'س', 'ح'];
const MONTHS = ['أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'];

interface ChartCard {
  title: string;
  description: string;
  updated: string;
  kind: 'bar' | 'line';
  color: DemoColor;
  labels: readonly string[];
  data: number[];
}

const CHARTS: readonly ChartCard[] = [
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

function StatCard({ color, icon, title, count, change, label }: Stat) {
  return (
    <Card sx={{ overflow: 'visible', mt: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', pt: 1, px: 2 }}>
        <GradientBox
          color={color}
          sx={{
            width: 64,
            height: 64,
            mt: -3,
            display: 'grid',
            placeItems: 'center',
            borderRadius: 3,
          }}
        >
          {icon}
        </GradientBox>
        <Box sx={{ textAlign: 'end' }}>
          <Typography
            variant="button"
            component="p"
            color="text.secondary"
            sx={{ fontWeight: 300 }}
          >
            {title}
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
            <bdi>{count}</bdi>
          </Typography>
        </Box>
      </Stack>
      <Divider sx={{ mt: 2 }} />
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
        {change && (
          <Box component="span" sx={{ color: 'success.main', fontWeight: 700 }}>
            {change}&nbsp;
          </Box>
        )}
        {label}
      </Typography>
    </Card>
  );
}

/** White axes and lines on the gradient, as Material Dashboard draws its charts. */
const chartOnGradientSx = {
  [`& .${chartsGridClasses.line}`]: { stroke: 'rgba(255, 255, 255, 0.3)', strokeDasharray: '5 5' },
} as const;
const tickLabelStyle = { fill: '#fff', fontSize: 11 };
const bareAxis = { disableLine: true, disableTicks: true };
/** Nine month names do not fit side by side: label every other one. */
const everyOtherLabel = (_value: unknown, index: number) => index % 2 === 0;

function ChartCardView({ title, description, updated, kind, color, labels, data }: ChartCard) {
  const chartProps = {
    height: 190,
    skipAnimation: true,
    hideLegend: true,
    yAxis: [{ position: 'right' as const, width: 36, tickLabelStyle, ...bareAxis }],
    grid: { horizontal: true },
    margin: { top: 12, bottom: 4, left: 24, right: 4 },
    sx: chartOnGradientSx,
  };
  const series = { data, color: 'rgba(255, 255, 255, 0.85)' };
  return (
    <Card sx={{ height: '100%', overflow: 'visible', mt: 3 }}>
      <Box sx={{ px: 2 }}>
        <GradientBox color={color} sx={{ mt: -3, p: 1 }}>
          <Box component="figure" aria-label={title} sx={{ m: 0 }}>
            {kind === 'bar' ? (
              <BarChart
                {...chartProps}
                xAxis={[
                  {
                    scaleType: 'band',
                    data: [...labels],
                    reverse: true,
                    tickLabelStyle,
                    ...bareAxis,
                  },
                ]}
                series={[series]}
                borderRadius={4}
              />
            ) : (
              <LineChart
                {...chartProps}
                xAxis={[
                  {
                    scaleType: 'point',
                    data: [...labels],
                    reverse: true,
                    tickLabelStyle,
                    ...bareAxis,
                    tickLabelInterval: everyOtherLabel,
                  },
                ]}
                series={[{ ...series, curve: 'natural' }]}
              />
            )}
          </Box>
        </GradientBox>
      </Box>
      <Box sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
        <Divider sx={{ my: 1.5 }} />
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <ScheduleIcon fontSize="small" />
          <Typography variant="caption">{updated}</Typography>
        </Stack>
      </Box>
    </Card>
  );
}

function ProjectsCard() {
  return (
    <Card sx={{ height: '100%' }}>
      <Box sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          المشاريع
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <Box component="span" sx={{ fontWeight: 700 }}>
            30 انتهى
          </Box>{' '}
          هذا الشهر
        </Typography>
      </Box>
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
    </Card>
  );
}

function OrdersOverview() {
  return (
    <Card sx={{ height: '100%' }}>
      <Box sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          نظرة عامة على الطلبات
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <Box component="span" sx={{ color: 'success.main', fontWeight: 700 }}>
            24%
          </Box>{' '}
          هذا الشهر
        </Typography>
      </Box>
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
    </Card>
  );
}

export function RtlPage() {
  useDocumentDirection('ar', 'rtl');
  return (
    <ThemeProvider theme={rtlTheme}>
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
              <ChartCardView {...chart} />
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
