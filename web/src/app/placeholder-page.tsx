import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { PageContainer } from './page-container';
import { useRouteName } from './route-entries';

/** Stands in for a screen not built yet: only the route's title. */
export function PlaceholderPage() {
  const name = useRouteName();
  return (
    <PageContainer>
      <Card>
        <CardContent>
          <Typography variant="h4" component="h2" sx={{ fontWeight: 700 }}>
            {name}
          </Typography>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
