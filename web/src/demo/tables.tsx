import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { GRADIENTS } from '../app/cards/gradient-box';
import { HeaderCard, InitialsAvatar } from './demo-card';
import { DemoBanner } from './demo-banner';

/** Demonstration screen (spec §000-1): Material Dashboard's authors and projects tables. */

interface Author {
  name: string;
  email: string;
  job: string;
  department: string;
  online: boolean;
  employed: string;
}

const AUTHORS: readonly Author[] = [
  {
    name: 'John Michael',
    email: 'john@creative-tim.com',
    job: 'Manager',
    department: 'Organization',
    online: true,
    employed: '23/04/18',
  },
  {
    name: 'Alexa Liddel',
    email: 'alexa@creative-tim.com',
    job: 'Programator',
    department: 'Developer',
    online: false,
    employed: '11/01/19',
  },
  {
    name: 'Laurent Perrier',
    email: 'laurent@creative-tim.com',
    job: 'Executive',
    department: 'Projects',
    online: true,
    employed: '19/09/17',
  },
  {
    name: 'Michael Levi',
    email: 'michael@creative-tim.com',
    job: 'Programator',
    department: 'Developer',
    online: true,
    employed: '24/12/08',
  },
  {
    name: 'Richard Gran',
    email: 'richard@creative-tim.com',
    job: 'Manager',
    department: 'Executive',
    online: false,
    employed: '04/10/21',
  },
  {
    name: 'Miriam Eric',
    email: 'miriam@creative-tim.com',
    job: 'Programator',
    department: 'Developer',
    online: false,
    employed: '14/09/20',
  },
];

type ProjectStatus = 'working' | 'done' | 'canceled';

interface Project {
  name: string;
  budget: string;
  status: ProjectStatus;
  completion: number;
}

const PROJECTS: readonly Project[] = [
  { name: 'Asana', budget: '$2,500', status: 'working', completion: 60 },
  { name: 'Github', budget: '$5,000', status: 'done', completion: 100 },
  { name: 'Atlassian', budget: '$3,400', status: 'canceled', completion: 30 },
  { name: 'Spotify', budget: '$14,000', status: 'working', completion: 80 },
  { name: 'Slack', budget: '$1,000', status: 'canceled', completion: 0 },
  { name: 'Invesion', budget: '$2,300', status: 'done', completion: 100 },
];

const PROGRESS_COLOR: Record<ProjectStatus, 'info' | 'success' | 'error'> = {
  working: 'info',
  done: 'success',
  canceled: 'error',
};

const headCellSx = {
  color: 'text.secondary',
  fontSize: '0.7rem',
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.03em',
} as const;

function AuthorsTable() {
  return (
    <TableContainer>
      <Table size="small" aria-label="Authors Table">
        <TableHead>
          <TableRow>
            <TableCell sx={headCellSx}>Author</TableCell>
            <TableCell sx={headCellSx}>Function</TableCell>
            <TableCell sx={headCellSx} align="center">
              Status
            </TableCell>
            <TableCell sx={headCellSx} align="center">
              Employed
            </TableCell>
            <TableCell sx={headCellSx} align="center">
              Action
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {AUTHORS.map((author) => (
            <TableRow key={author.email}>
              <TableCell>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 0.5 }}>
                  <InitialsAvatar name={author.name} />
                  <Box>
                    <Typography variant="body2" sx={{ fontWeight: 700 }}>
                      {author.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {author.email}
                    </Typography>
                  </Box>
                </Stack>
              </TableCell>
              <TableCell>
                <Typography variant="caption" component="p" sx={{ fontWeight: 700 }}>
                  {author.job}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {author.department}
                </Typography>
              </TableCell>
              <TableCell align="center">
                <Chip
                  label={author.online ? 'online' : 'offline'}
                  size="small"
                  sx={{
                    backgroundImage: GRADIENTS[author.online ? 'success' : 'dark'],
                    color: '#fff',
                    fontSize: '0.65rem',
                    fontWeight: 700,
                    textTransform: 'uppercase',
                  }}
                />
              </TableCell>
              <TableCell align="center">
                <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 500 }}>
                  {author.employed}
                </Typography>
              </TableCell>
              <TableCell align="center">
                <Link
                  component="button"
                  type="button"
                  variant="caption"
                  color="text.secondary"
                  underline="hover"
                  sx={{ fontWeight: 700 }}
                  aria-label={`Edit ${author.name}`}
                >
                  Edit
                </Link>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ProjectsTable() {
  return (
    <TableContainer>
      <Table size="small" aria-label="Projects Table">
        <TableHead>
          <TableRow>
            <TableCell sx={headCellSx}>Project</TableCell>
            <TableCell sx={headCellSx}>Budget</TableCell>
            <TableCell sx={headCellSx}>Status</TableCell>
            <TableCell sx={headCellSx} align="center">
              Completion
            </TableCell>
            <TableCell sx={headCellSx} align="center">
              Action
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {PROJECTS.map((project) => (
            <TableRow key={project.name}>
              <TableCell>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 0.5 }}>
                  <InitialsAvatar name={project.name} size={32} rounded />
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {project.name}
                  </Typography>
                </Stack>
              </TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {project.budget}
                </Typography>
              </TableCell>
              <TableCell>
                <Typography variant="caption" sx={{ fontWeight: 500 }}>
                  {project.status}
                </Typography>
              </TableCell>
              <TableCell align="center">
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 160 }}>
                  <Typography variant="caption" sx={{ fontWeight: 500, minWidth: 32 }}>
                    {project.completion}%
                  </Typography>
                  <LinearProgress
                    variant="determinate"
                    value={project.completion}
                    color={PROGRESS_COLOR[project.status]}
                    aria-label={`${project.name} completion`}
                    sx={{ flexGrow: 1, height: 6, borderRadius: 3 }}
                  />
                </Stack>
              </TableCell>
              <TableCell align="center">
                <IconButton size="small" aria-label={`${project.name} actions`}>
                  <MoreVertIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function TablesPage() {
  return (
    <Grid container spacing={6} sx={{ pt: 3, pb: 3 }}>
      <Grid size={12}>
        <DemoBanner />
      </Grid>
      <Grid size={12}>
        <HeaderCard title="Authors Table">
          <AuthorsTable />
        </HeaderCard>
      </Grid>
      <Grid size={12}>
        <HeaderCard title="Projects Table">
          <ProjectsTable />
        </HeaderCard>
      </Grid>
    </Grid>
  );
}
