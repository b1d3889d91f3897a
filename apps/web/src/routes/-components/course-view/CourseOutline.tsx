import { Accordion, Badge, Group, NavLink, Progress, Stack, Text } from '@mantine/core';
import { IconCircle, IconCircleCheckFilled, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../lib/format.ts';
import { percentDone, type CourseView } from '../courses/types.ts';
import { overviewKey } from './pages.ts';

interface CourseOutlineProps {
  course: CourseView;
  selected: string | null;
  /** A lesson's id, or a module page's key. */
  onSelect: (page: string) => void;
}

/** The modules (the first open) and their lessons with ticks; a module above the viewer's level shows locked, with the level it needs. */
export function CourseOutline({ course, selected, onSelect }: CourseOutlineProps) {
  const { t } = useTranslation();
  const percent = percentDone(course);
  // The first module starts open, and the one holding the page shown (a linked module's).
  const holding = course.modules.find((module) => overviewKey(module.id) === selected || module.lessons.some((lesson) => lesson.id === selected));
  const initiallyOpen = [...new Set([course.modules[0]?.id, holding?.id].filter((id): id is string => Boolean(id)))];
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('courses.percentComplete', { percent: formatPercent(percent / 100) })}
        </Text>
        <Progress value={percent} radius="xl" aria-label={t('courses.progressLabel', { title: course.title })} />
      </Stack>
      <Accordion multiple defaultValue={initiallyOpen} variant="separated" radius="md" aria-label={t('courses.view.outline')}>
        {course.modules.map((module) => (
          <Accordion.Item key={module.id} value={module.id}>
            <Accordion.Control icon={module.locked ? <IconLock size={16} aria-hidden="true" /> : undefined}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" fw={600} lineClamp={2}>
                  {module.title}
                </Text>
                {module.locked && module.requiredLevel !== null && (
                  <Badge size="xs" color="gray" variant="light">
                    {t('courses.view.locked', { level: module.requiredLevel })}
                  </Badge>
                )}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap={2}>
                {module.hasOverview && (
                  <NavLink
                    component="button"
                    disabled={module.locked}
                    active={overviewKey(module.id) === selected}
                    label={t('courses.view.overview')}
                    aria-current={overviewKey(module.id) === selected ? 'true' : undefined}
                    onClick={() => onSelect(overviewKey(module.id))}
                    leftSection={<IconInfoCircle size={18} color="var(--mantine-color-brand-5)" aria-hidden="true" />}
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  />
                )}
                {module.lessons.map((lesson) => (
                  <NavLink
                    key={lesson.id}
                    component="button"
                    disabled={module.locked}
                    aria-disabled={module.locked || undefined}
                    active={lesson.id === selected}
                    label={lesson.title}
                    aria-current={lesson.id === selected ? 'true' : undefined}
                    onClick={() => onSelect(lesson.id)}
                    leftSection={
                      lesson.completed ? (
                        <IconCircleCheckFilled size={18} color="var(--mantine-color-teal-6)" aria-label={t('courses.view.lessonDone')} />
                      ) : (
                        <IconCircle size={18} color="var(--mantine-color-gray-5)" aria-hidden="true" />
                      )
                    }
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  />
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
