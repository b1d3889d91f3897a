import { ActionIcon, Badge, Card, Group, Image, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconBook2, IconLock, IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPercent } from '../../../lib/format.ts';
import { RouterAnchor, RouterButton } from '../../../components/RouterLinks.tsx';
import classes from './courses.module.css';
import { courseCounts, percentDone, type CourseCardData } from './types.ts';

interface CourseCardProps {
  course: CourseCardData;
  canEdit: boolean;
  onDelete: (course: CourseCardData) => void;
}

/** A course on the courses tab: its cover (or a video mark), title, description, lessons and the viewer's progress. */
export function CourseCard({ course, canEdit, onDelete }: CourseCardProps) {
  const { t } = useTranslation();
  const percent = percentDone(course);
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={course.title} className={classes.card}>
      <Card.Section className={classes.media}>
        {course.coverUrl ? (
          <Image src={course.coverUrl} alt="" h={150} fit="cover" />
        ) : (
          <div className={classes.placeholder} aria-hidden="true">
            {course.introVideoUrl ? <IconPlayerPlay size={40} /> : <IconBook2 size={40} />}
          </div>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <RouterAnchor to="/course/$courseId" params={{ courseId: course.id }} fw={700} c="var(--mantine-color-text)" className={classes.title}>
            {course.title}
          </RouterAnchor>
          {canEdit && course.isPrivate && (
            <Badge size="sm" color="gray" variant="light" leftSection={<IconLock size={12} />}>
              {t('courses.private')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3} dir="auto">
          {course.description}
        </Text>
        <Text size="xs" c="dimmed">
          {courseCounts(t, course)}
        </Text>
        <div style={{ marginTop: 'auto' }}>
          <Group justify="space-between" gap="xs" mb={4}>
            <Text size="xs" fw={600}>
              {t('courses.percentComplete', { percent: formatPercent(percent / 100) })}
            </Text>
            {canEdit && (
              <Group gap={4}>
                <RouterButton
                  to="/edit-course/$courseId"
                  params={{ courseId: course.id }}
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconPencil size={12} />}
                  aria-label={t('courseEditor.editNamed', { title: course.title })}
                >
                  {t('courseEditor.edit')}
                </RouterButton>
                <Tooltip label={t('courses.delete')} withArrow>
                  <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('courses.deleteNamed', { title: course.title })} onClick={() => onDelete(course)}>
                    <IconTrash size={14} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            )}
          </Group>
          <Progress value={percent} size="sm" radius="xl" aria-label={t('courses.progressLabel', { title: course.title })} />
          {course.stats && (
            <Text size="xs" c="dimmed" mt={6}>
              {t('courses.finishedStats', {
                finished: formatCount(course.stats.finished),
                count: course.stats.members,
                value: formatCount(course.stats.members),
                average: formatPercent(course.stats.averagePercent / 100),
              })}
            </Text>
          )}
        </div>
      </Stack>
    </Card>
  );
}
