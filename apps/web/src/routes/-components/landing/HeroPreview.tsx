import { Avatar, Badge, Box, Group, Indicator, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBook, IconCalendarEvent, IconHeart, IconMessageCircle, IconPalette } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format.ts';
import classes from './Landing.module.css';
import '../../../i18n/landing.ts';

const TABS = ['posts', 'courses', 'events', 'chat'] as const;
const MEMBER_COLORS = ['grape', 'cyan', 'orange', 'teal'];
const COURSE = { current: 3, total: 5 };

/** An illustration of a community page for the hero; one image to assistive technology. */
export function HeroPreview() {
  const { t } = useTranslation();
  const author = t('landing.preview.postAuthor');
  return (
    <Box className={classes.previewFrame}>
      <Paper pos="relative" radius="lg" shadow="xl" withBorder p="lg" role="img" aria-label={t('landing.preview.label')}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={44} radius="md" variant="gradient" gradient={{ from: 'brand.6', to: 'violet.6', deg: 135 }}>
              <IconPalette size={24} />
            </ThemeIcon>
            <div>
              <Text fw={700}>{t('landing.preview.communityName')}</Text>
              <Text size="xs" c="dimmed">
                {t('landing.preview.communityKind')}
              </Text>
            </div>
          </Group>
          <Avatar.Group spacing={6}>
            {(t('landing.preview.members', { returnObjects: true }) as string[]).map((name, index) => (
              <Avatar key={name} name={name} color={MEMBER_COLORS[index % MEMBER_COLORS.length]} variant="filled" radius="xl" size={32} />
            ))}
          </Avatar.Group>
        </Group>

        <Group gap={6} mt="md">
          {TABS.map((tab, index) => (
            <Badge key={tab} variant={index === 0 ? 'filled' : 'default'} radius="sm" size="lg" tt="none" fw={500}>
              {t(`landing.preview.tabs.${tab}`)}
            </Badge>
          ))}
        </Group>

        <Paper withBorder radius="md" p="md" mt="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Avatar color="pink" variant="filled" radius="xl">
              {author.charAt(0)}
            </Avatar>
            <Stack gap={4}>
              <Text size="sm">
                <Trans
                  i18nKey="landing.preview.postHeader"
                  values={{ author }}
                  components={{ author: <Text span fw={600} inherit />, feeling: <Text span c="dimmed" inherit /> }}
                />
              </Text>
              <Text size="sm" c="dark.5" lh={1.5}>
                {t('landing.preview.postBody')}
              </Text>
              <Group gap="md" c="dimmed" mt={4}>
                <Group gap={4}>
                  <IconHeart size={16} color="var(--mantine-color-red-6)" fill="var(--mantine-color-red-6)" />
                  <Text size="xs">{formatCount(24)}</Text>
                </Group>
                <Group gap={4}>
                  <IconMessageCircle size={16} />
                  <Text size="xs">{formatCount(8)}</Text>
                </Group>
              </Group>
            </Stack>
          </Group>
        </Paper>

        <SimpleGrid cols={2} mt="md" spacing="md">
          <Paper withBorder radius="md" p="md">
            <ThemeIcon variant="light" radius="md" size={32}>
              <IconBook size={18} />
            </ThemeIcon>
            <Text fw={600} size="sm" mt="sm">
              {t('landing.preview.courseTitle')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('landing.preview.courseProgress', { current: COURSE.current, total: COURSE.total })}
            </Text>
            <Progress
              value={(COURSE.current / COURSE.total) * 100}
              size="sm"
              radius="xl"
              mt="sm"
              aria-label={t('landing.preview.courseProgress', { current: COURSE.current, total: COURSE.total })}
            />
          </Paper>
          <Paper withBorder radius="md" p="md">
            <ThemeIcon variant="light" color="orange" radius="md" size={32}>
              <IconCalendarEvent size={18} />
            </ThemeIcon>
            <Text fw={600} size="sm" mt="sm">
              {t('landing.preview.eventTitle')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('landing.preview.eventWhen')}
            </Text>
          </Paper>
        </SimpleGrid>

        <Group gap="xs" mt="md">
          <Indicator color="teal" processing position="middle-center" size={8} inline>
            <Box w={8} h={8} />
          </Indicator>
          <Text size="xs" c="dimmed">
            {t('landing.preview.membersOnline')}
          </Text>
        </Group>
      </Paper>
    </Box>
  );
}
