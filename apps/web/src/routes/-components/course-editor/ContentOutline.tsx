import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconDots, IconFileText, IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CourseView } from '../courses/types.ts';
import classes from './editor.module.css';
import { SortableList } from './SortableList.tsx';
import { formatCount } from '../../../lib/format.ts';

type OutlineModule = CourseView['modules'][number];
type OutlineLesson = OutlineModule['lessons'][number];

/** What is open on the right: a module (saved or a draft) or a lesson. */
export type Selection = { kind: 'module' | 'lesson'; id: string } | null;
/** Something to rename or delete, asked for from the outline's menus. */
export type OutlineAction = { action: 'rename' | 'delete'; kind: 'module' | 'lesson'; id: string; title: string };

interface ContentOutlineProps {
  modules: OutlineModule[];
  drafts: Array<{ id: string; title: string }>;
  selection: Selection;
  expanded: string[];
  addingLessonTo: string | null;
  onToggle: (moduleId: string) => void;
  onSelect: (selection: NonNullable<Selection>) => void;
  onAddModule: () => void;
  onAddLesson: (moduleId: string) => void;
  onReorderModules: (ids: string[]) => void;
  onReorderLessons: (moduleId: string, ids: string[]) => void;
  onAction: (action: OutlineAction) => void;
  onDiscardDraft: (id: string) => void;
}

/** The left side of the content editor: modules with expandable lessons, each reordered by dragging or the keyboard, with 'Add Module' and add-lesson buttons. */
export function ContentOutline(props: ContentOutlineProps) {
  const { t } = useTranslation();
  const { modules, drafts, selection, expanded } = props;
  const isSelected = (kind: 'module' | 'lesson', id: string) => selection?.kind === kind && selection.id === id;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={700}>{t('courseEditor.outline')}</Text>
        <Text size="xs" c="dimmed">
          {t('courseEditor.reorderHint')}
        </Text>
      </Group>
      {modules.length === 0 && drafts.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('courseEditor.noModules')}
        </Text>
      )}
      <SortableList items={modules} onReorder={props.onReorderModules} label={t('courseEditor.modules')}>
        {(module, handle) => {
          const open = expanded.includes(module.id);
          return (
            <Paper withBorder radius="md" className={classes.module}>
              <Row
                handle={handle}
                active={isSelected('module', module.id)}
                onSelect={() => props.onSelect({ kind: 'module', id: module.id })}
                leading={
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-expanded={open}
                    aria-label={t(open ? 'courseEditor.collapse' : 'courseEditor.expand', { title: module.title })}
                    onClick={() => props.onToggle(module.id)}
                  >
                    {open ? <IconChevronDown size={14} /> : <IconChevronRight className="mirror-rtl" size={14} />}
                  </ActionIcon>
                }
                title={module.title}
                meta={
                  <>
                    {module.requiredLevel !== null && (
                      <Tooltip label={t('courses.view.locked', { level: module.requiredLevel })} withArrow>
                        <IconLock size={14} aria-label={t('courses.view.locked', { level: module.requiredLevel })} />
                      </Tooltip>
                    )}
                    <Text size="xs" c="dimmed">
                      {formatCount(module.lessons.length)}
                    </Text>
                  </>
                }
                menu={<ItemMenu kind="module" id={module.id} title={module.title} onAction={props.onAction} />}
              />
              {open && (
                <Stack gap={4} ps={30} pe={6} pb={8}>
                  <SortableList items={module.lessons} onReorder={(ids) => props.onReorderLessons(module.id, ids)} label={t('courseEditor.lessonsOf', { title: module.title })}>
                    {(lesson: OutlineLesson, lessonHandle) => (
                      <Row
                        handle={lessonHandle}
                        active={isSelected('lesson', lesson.id)}
                        onSelect={() => props.onSelect({ kind: 'lesson', id: lesson.id })}
                        leading={<IconFileText size={14} color="var(--mantine-color-dimmed)" aria-hidden="true" />}
                        title={lesson.title}
                        menu={<ItemMenu kind="lesson" id={lesson.id} title={lesson.title} onAction={props.onAction} />}
                      />
                    )}
                  </SortableList>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconPlus size={14} />}
                    loading={props.addingLessonTo === module.id}
                    onClick={() => props.onAddLesson(module.id)}
                    style={{ alignSelf: 'flex-start' }}
                    aria-label={t('courseEditor.addLessonTo', { title: module.title })}
                  >
                    {t('courseEditor.addLesson')}
                  </Button>
                </Stack>
              )}
            </Paper>
          );
        }}
      </SortableList>
      {drafts.map((draft) => (
        <Paper key={draft.id} withBorder radius="md" className={classes.module} style={{ borderStyle: 'dashed' }}>
          <Row
            active={isSelected('module', draft.id)}
            onSelect={() => props.onSelect({ kind: 'module', id: draft.id })}
            title={draft.title}
            meta={
              <Badge size="xs" variant="light">
                {t('courseEditor.notSaved')}
              </Badge>
            }
            menu={
              <Tooltip label={t('courseEditor.discard')} withArrow>
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('courseEditor.discardNamed', { title: draft.title })} onClick={() => props.onDiscardDraft(draft.id)}>
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            }
          />
        </Paper>
      ))}
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={props.onAddModule}>
        {t('courseEditor.addModule')}
      </Button>
    </Stack>
  );
}

interface RowProps {
  handle?: ReactNode;
  leading?: ReactNode;
  title: string;
  meta?: ReactNode;
  menu: ReactNode;
  active: boolean;
  onSelect: () => void;
}

function Row({ handle, leading, title, meta, menu, active, onSelect }: RowProps) {
  return (
    <Group gap={4} wrap="nowrap" className={classes.row} data-active={active || undefined} px={6} py={4}>
      {handle}
      {leading}
      <UnstyledButton onClick={onSelect} className={classes.rowTitle} aria-current={active ? 'true' : undefined}>
        <Text size="sm" fw={active ? 700 : 500} lineClamp={2}>
          {title}
        </Text>
      </UnstyledButton>
      {meta}
      {menu}
    </Group>
  );
}

function ItemMenu({ kind, id, title, onAction }: { kind: 'module' | 'lesson'; id: string; title: string; onAction: (action: OutlineAction) => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('courseEditor.actions', { title })}>
          <IconDots size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onAction({ action: 'rename', kind, id, title })}>
          {t('courseEditor.rename')}
        </Menu.Item>
        <Menu.Item color="red.9" leftSection={<IconTrash size={14} />} onClick={() => onAction({ action: 'delete', kind, id, title })}>
          {t('courseEditor.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
