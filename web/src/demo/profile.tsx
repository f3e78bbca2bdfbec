import EditIcon from '@mui/icons-material/Edit';
import EmailIcon from '@mui/icons-material/Email';
import FacebookIcon from '@mui/icons-material/Facebook';
import HomeIcon from '@mui/icons-material/Home';
import InstagramIcon from '@mui/icons-material/Instagram';
import SettingsIcon from '@mui/icons-material/Settings';
import XIcon from '@mui/icons-material/X';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { GRADIENTS, GradientBox, type GradientColor } from '../app/cards/gradient-box';
import { InitialsAvatar } from './demo-card';
import { DemoBanner } from './demo-banner';

/**
 * Demonstration screen (spec §000-1): Material Dashboard's profile overview. The tabs and the
 * platform-settings switches only change local state; nothing is saved.
 */

const PROFILE_TABS = [
  { value: 'app', label: 'App', icon: <HomeIcon fontSize="small" /> },
  { value: 'messages', label: 'Messages', icon: <EmailIcon fontSize="small" /> },
  { value: 'settings', label: 'Settings', icon: <SettingsIcon fontSize="small" /> },
] as const;
type ProfileTab = (typeof PROFILE_TABS)[number]['value'];

const SETTING_GROUPS = [
  {
    title: 'Account',
    items: [
      { key: 'followsMe', label: 'Email me when someone follows me', initial: true },
      { key: 'answersPost', label: 'Email me when someone answers on my post', initial: false },
      { key: 'mentionsMe', label: 'Email me when someone mentions me', initial: true },
    ],
  },
  {
    title: 'Application',
    items: [
      { key: 'newLaunches', label: 'New launches and projects', initial: false },
      { key: 'productUpdate', label: 'Monthly product updates', initial: true },
      { key: 'newsletter', label: 'Subscribe to newsletter', initial: false },
    ],
  },
] as const;
type SettingKey = (typeof SETTING_GROUPS)[number]['items'][number]['key'];

const INITIAL_SETTINGS = Object.fromEntries(
  SETTING_GROUPS.flatMap((group) => group.items.map((item) => [item.key, item.initial])),
) as Record<SettingKey, boolean>;

const PROFILE_INFO = [
  { label: 'Full Name', value: 'Alec M. Thompson' },
  { label: 'Mobile', value: '(44) 123 1234 123' },
  { label: 'Email', value: 'alecthompson@mail.com' },
  { label: 'Location', value: 'USA' },
] as const;

const SOCIAL = [
  { label: 'Facebook', icon: <FacebookIcon fontSize="small" />, color: '#3b5998' },
  { label: 'X', icon: <XIcon fontSize="small" />, color: 'text.primary' },
  { label: 'Instagram', icon: <InstagramIcon fontSize="small" />, color: '#e1306c' },
] as const;

const CONVERSATIONS = [
  { name: 'Sophie B.', message: 'Hi! I need more information..' },
  { name: 'Anne Marie', message: 'Awesome work, can you..' },
  { name: 'Ivanna', message: 'About files I can..' },
  { name: 'Peterson', message: 'Have a great afternoon..' },
  { name: 'Nick Daniel', message: 'Hi! I need more information..' },
] as const;

interface ProjectCard {
  label: string;
  title: string;
  description: string;
  color: GradientColor;
  team: readonly string[];
}

const PROJECT_CARDS: readonly ProjectCard[] = [
  {
    label: 'project #2',
    title: 'modern',
    description: 'As Uber works through a huge amount of internal management turmoil.',
    color: 'info',
    team: ['Elena Morison', 'Ryan Milly', 'Nick Daniel', 'Peterson'],
  },
  {
    label: 'project #1',
    title: 'scandinavian',
    description: 'Music is something that everyone has their own specific opinion about.',
    color: 'success',
    team: ['Nick Daniel', 'Peterson', 'Elena Morison', 'Ryan Milly'],
  },
  {
    label: 'project #3',
    title: 'minimalist',
    description: 'Different people have different taste, and various types of music.',
    color: 'warning',
    team: ['Peterson', 'Nick Daniel', 'Ryan Milly', 'Elena Morison'],
  },
  {
    label: 'project #4',
    title: 'gothic',
    description: 'Why would anyone pick blue over pink? Pink is obviously a better color.',
    color: 'primary',
    team: ['Peterson', 'Nick Daniel', 'Ryan Milly', 'Elena Morison'],
  },
];

const overlineSx = {
  color: 'text.secondary',
  fontWeight: 700,
  textTransform: 'uppercase',
  fontSize: '0.75rem',
} as const;

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography
      variant="h6"
      component="h2"
      sx={{ fontWeight: 700, textTransform: 'capitalize', mb: 1 }}
    >
      {children}
    </Typography>
  );
}

function ProfileHeader() {
  const [tab, setTab] = useState<ProfileTab>('app');
  const vertical = useMediaQuery('(max-width:991px)', { noSsr: true });
  return (
    <Box sx={{ position: 'relative', mb: 3 }}>
      <Box
        aria-hidden
        sx={{
          minHeight: '18.75rem',
          borderRadius: 3,
          backgroundImage: `linear-gradient(195deg, rgba(73, 163, 241, 0.6), rgba(26, 115, 232, 0.6)), ${GRADIENTS.primary}`,
        }}
      />
      <Card sx={{ position: 'relative', mt: -8, mx: 3, py: 2, px: 2 }}>
        <Grid container spacing={3} sx={{ alignItems: 'center' }}>
          <Grid size="auto">
            <InitialsAvatar name="Richard Davis" size={74} rounded />
          </Grid>
          <Grid size="auto">
            <Typography variant="h5" component="h2" sx={{ fontWeight: 500 }}>
              Richard Davis
            </Typography>
            <Typography variant="body2" color="text.secondary">
              CEO / Co-Founder
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }} sx={{ ml: { md: 'auto' } }}>
            <Tabs
              value={tab}
              onChange={(_event, value: ProfileTab) => setTab(value)}
              orientation={vertical ? 'vertical' : 'horizontal'}
              variant="fullWidth"
              aria-label="Profile sections"
              sx={{
                bgcolor: 'action.hover',
                borderRadius: 2,
                p: 0.5,
                minHeight: 0,
                '& .MuiTabs-indicator': { display: 'none' },
                '& .MuiTab-root': { minHeight: 40, borderRadius: 1.5 },
                '& .Mui-selected': { bgcolor: 'background.paper', boxShadow: 1 },
              }}
            >
              {PROFILE_TABS.map((item) => (
                <Tab
                  key={item.value}
                  value={item.value}
                  label={item.label}
                  icon={item.icon}
                  iconPosition="start"
                />
              ))}
            </Tabs>
          </Grid>
        </Grid>
      </Card>
    </Box>
  );
}

function PlatformSettings() {
  const [settings, setSettings] = useState<Record<SettingKey, boolean>>(INITIAL_SETTINGS);
  return (
    <Box sx={{ p: 2 }}>
      <SectionTitle>platform settings</SectionTitle>
      {SETTING_GROUPS.map((group) => (
        <Box key={group.title} sx={{ mt: 2 }}>
          <Typography variant="caption" component="h3" sx={overlineSx}>
            {group.title}
          </Typography>
          <Stack sx={{ mt: 1 }}>
            {group.items.map((item) => (
              <FormControlLabel
                key={item.key}
                control={
                  <Switch
                    checked={settings[item.key]}
                    onChange={(event) =>
                      setSettings((current) => ({ ...current, [item.key]: event.target.checked }))
                    }
                  />
                }
                label={
                  <Typography variant="body2" color="text.secondary">
                    {item.label}
                  </Typography>
                }
              />
            ))}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

function ProfileInfo() {
  return (
    <Box sx={{ p: 2, flexGrow: 1 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <SectionTitle>profile information</SectionTitle>
        <Tooltip title="Edit Profile">
          <IconButton size="small" aria-label="Edit Profile">
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Hi, I&apos;m Alec Thompson, Decisions: If you can&apos;t decide, the answer is no. If two
        equally difficult paths, choose the one more painful in the short term (pain avoidance is
        creating an illusion of equality).
      </Typography>
      <Divider sx={{ mb: 2 }} />
      <Box component="dl" sx={{ m: 0 }}>
        {PROFILE_INFO.map((row) => (
          <Stack key={row.label} direction="row" spacing={1} sx={{ py: 0.5 }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
              {row.label}:
            </Typography>
            <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
              {row.value}
            </Typography>
          </Stack>
        ))}
        <Stack direction="row" spacing={1} sx={{ py: 0.5, alignItems: 'center' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
            Social:
          </Typography>
          <Box component="dd" sx={{ m: 0, display: 'flex' }}>
            {SOCIAL.map((social) => (
              <IconButton
                key={social.label}
                size="small"
                aria-label={social.label}
                sx={{ color: social.color }}
              >
                {social.icon}
              </IconButton>
            ))}
          </Box>
        </Stack>
      </Box>
    </Box>
  );
}

function Conversations() {
  return (
    <Box sx={{ p: 2 }}>
      <SectionTitle>conversations</SectionTitle>
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0, mt: 2 }}>
        {CONVERSATIONS.map((person) => (
          <Stack
            key={person.name}
            component="li"
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center' }}
          >
            <InitialsAvatar name={person.name} size={44} rounded />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {person.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="p">
                {person.message}
              </Typography>
            </Box>
            <Button size="small" aria-label={`Reply to ${person.name}`}>
              Reply
            </Button>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

function ProjectCardView({ label, title, description, color, team }: ProjectCard) {
  return (
    <Stack sx={{ height: '100%' }}>
      <GradientBox color={color} sx={{ height: 150, borderRadius: 3 }} />
      <Box sx={{ mt: 2, flexGrow: 1 }}>
        <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'capitalize' }}>
          {label}
        </Typography>
        <Typography
          variant="h6"
          component="h3"
          sx={{ fontWeight: 700, textTransform: 'capitalize' }}
        >
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Button variant="outlined" size="small">
          View Project
        </Button>
        <AvatarGroup max={4} sx={{ '& .MuiAvatar-root': { width: 24, height: 24 } }}>
          {team.map((member) => (
            <InitialsAvatar key={member} name={member} size={24} />
          ))}
        </AvatarGroup>
      </Stack>
    </Stack>
  );
}

export function ProfileOverviewPage() {
  return (
    <Box sx={{ py: 3 }}>
      <DemoBanner sx={{ mb: 3 }} />
      <ProfileHeader />
      <Card>
        <Grid container spacing={1}>
          <Grid size={{ xs: 12, md: 6, xl: 4 }}>
            <PlatformSettings />
          </Grid>
          <Grid size={{ xs: 12, md: 6, xl: 4 }} sx={{ display: 'flex' }}>
            <Divider
              orientation="vertical"
              flexItem
              sx={{ display: { xs: 'none', md: 'block' } }}
            />
            <ProfileInfo />
            <Divider
              orientation="vertical"
              flexItem
              sx={{ display: { xs: 'none', xl: 'block' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, xl: 4 }}>
            <Conversations />
          </Grid>
        </Grid>
        <Box sx={{ p: 2 }}>
          <SectionTitle>projects</SectionTitle>
          <Typography variant="body2" color="text.secondary">
            Architects design houses
          </Typography>
          <Grid container spacing={4} sx={{ mt: 2 }}>
            {PROJECT_CARDS.map((project) => (
              <Grid key={project.label} size={{ xs: 12, md: 6, xl: 3 }}>
                <ProjectCardView {...project} />
              </Grid>
            ))}
          </Grid>
        </Box>
      </Card>
    </Box>
  );
}
