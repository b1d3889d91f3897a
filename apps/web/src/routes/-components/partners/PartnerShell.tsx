import { Container, Grid } from '@mantine/core';
import type { ReactNode } from 'react';
import { PartnerMenu } from './PartnerMenu.tsx';

/** The partner pages (overview, dashboard, payouts, forum): the side menu, then the page. */
export function PartnerShell({ children }: { children: ReactNode }) {
  return (
    <Container size="lg" py={{ base: 'md', sm: 40 }}>
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <PartnerMenu />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }} miw={0}>
          {children}
        </Grid.Col>
      </Grid>
    </Container>
  );
}
