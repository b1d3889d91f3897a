import { Button, Card, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDownload, IconMessages } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLinks.tsx';
import { Loading } from '../../../components/Loading.tsx';

/** A partner page's title and what it is for, with an optional badge beside the title and an action at the end. */
export function PageHeading({ title, subtitle, badge, action }: { title: string; subtitle: string; badge?: ReactNode; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Group gap="sm">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
          {badge}
        </Group>
        <Text c="dimmed">{subtitle}</Text>
      </div>
      {action}
    </Group>
  );
}

/** A centred card that asks for one thing (log in, join, rejoin): an icon, the words, the button. */
export function PromptCard({ icon, color, title, body, action }: { icon: ReactNode; color?: string; title: string; body?: string; action: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden="true">
          {icon}
        </ThemeIcon>
        <Title order={2} fz="xl">
          {title}
        </Title>
        {body && (
          <Text c="dimmed" maw={460}>
            {body}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}

/** A partner page that is loading. */
export function PageLoading({ label }: { label: string }) {
  return <Loading mih={240} label={label} />;
}

/** The way into the forum, on the overview and the dashboard. */
export function ForumCard({ title, body, button }: { title?: string; body: string; button: string }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" gap="md">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" color="teal" aria-hidden="true">
            <IconMessages size={24} />
          </ThemeIcon>
          <div>
            {title && (
              <Title order={2} fz="lg">
                {title}
              </Title>
            )}
            <Text size="sm" c="dimmed" maw={420}>
              {body}
            </Text>
          </div>
        </Group>
        <RouterButton to="/forum" variant="light" color="teal">
          {button}
        </RouterButton>
      </Group>
    </Card>
  );
}

/** A download of one of the partner's CSV files (the signed-in partner's own, by the session). */
export function CsvButton({ href, label }: { href: '/api/partners/earnings.csv' | '/api/partners/payouts.csv'; label: string }) {
  const { t } = useTranslation();
  return (
    <Button component="a" href={href} download variant="default" size="xs" leftSection={<IconDownload size={14} />} aria-label={label} style={{ flexShrink: 0 }}>
      {t('partners.ledger.download')}
    </Button>
  );
}
