import { Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { CONTENT_MESSAGES } from '@app/shared/plain/courses';
import { IconPointer } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Group as SplitGroup, Panel, Separator } from 'react-resizable-panels';
import { createHtmlPortalNode, InPortal, OutPortal } from 'react-reverse-portal';
import { serverText } from '../../../i18n/server-text.ts';
import { isRateLimited } from '../../../lib/rate-limit.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import type { CourseView } from '../courses/types.ts';
import { ContentOutline, type OutlineAction, type Selection } from './ContentOutline.tsx';
import classes from './editor.module.css';
import { LessonEditor } from './LessonEditor.tsx';
import { ModuleEditor } from './ModuleEditor.tsx';
import { OutlineActionDialogs } from './OutlineActionDialogs.tsx';

/**
 * 'Content': the outline on the left (30% at first, never under 20%, resizable) and the selected
 * module or lesson's editor on the right. 'Add Module' adds a draft with an id of its own, inserted
 * on 'Save Changes'. Reordering is saved at once (and shown at once, undone if the server refuses).
 * The editor is rendered once and moved between the wide and the narrow layout, so that crossing the
 * breakpoint (a tablet turned, a window resized) keeps what is being typed.
 */
export function ContentEditor({ course }: { course: CourseView }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [selection, setSelection] = useState<Selection>(null);
  const [drafts, setDrafts] = useState<Array<{ id: string; title: string }>>([]);
  const [expanded, setExpanded] = useState<string[]>(() => (course.modules[0] ? [course.modules[0].id] : []));
  const [action, setAction] = useState<OutlineAction | null>(null);
  const [pending, setPending] = useState<NonNullable<Selection> | null>(null);
  const dirty = useRef(false);
  const editorTop = useRef<HTMLDivElement>(null);
  const editorNode = useMemo(() => createHtmlPortalNode({ attributes: { style: 'height: 100%' } }), []);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const courseKey = trpc.courses.byId.queryKey({ courseId: course.id });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.courses.pathKey() });
  const failed = (fallback: string) => (error: { message: string }) => {
    if (!isRateLimited(error as never)) notifications.show({ color: 'red', title: fallback, message: serverText(error.message) });
  };
  // A new order shows at once; the server's answer (or refusal) then refetches it.
  const reorderModules = useMutation(trpc.courses.reorderModules.mutationOptions({ onSettled: refresh, onError: failed(t('courseEditor.reorderFailed')) }));
  const reorderLessons = useMutation(trpc.courses.reorderLessons.mutationOptions({ onSettled: refresh, onError: failed(t('courseEditor.reorderFailed')) }));
  const addLesson = useMutation(
    trpc.courses.addLesson.mutationOptions({
      onSuccess: refresh,
      onError: failed(serverText(CONTENT_MESSAGES.lessonAddFailed)),
    }),
  );
  const setModules = (reorder: (modules: CourseView['modules']) => CourseView['modules']) =>
    queryClient.setQueryData(courseKey, (old) => (old ? { ...old, modules: reorder(old.modules) } : old));
  const byIds = <T extends { id: string }>(items: T[], ids: string[]) => ids.map((id) => items.find((item) => item.id === id)!).filter(Boolean);

  // Leaving a module or lesson with unsaved changes asks first.
  function select(next: NonNullable<Selection>) {
    if (dirty.current && !(next.kind === selection?.kind && next.id === selection.id)) setPending(next);
    else choose(next);
  }
  function choose(next: NonNullable<Selection>) {
    dirty.current = false;
    setPending(null);
    setSelection(next);
    // On a phone the editor is below the outline: bring it into view.
    if (!wide) requestAnimationFrame(() => editorTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    if (next.kind === 'lesson') {
      const owner = course.modules.find((module) => module.lessons.some((lesson) => lesson.id === next.id));
      if (owner && !expanded.includes(owner.id)) setExpanded((open) => [...open, owner.id]);
    }
  }
  function addModule() {
    const draft = { id: crypto.randomUUID(), title: `${CONTENT_MESSAGES.newModule} ${course.modules.length + drafts.length + 1}` };
    setDrafts((list) => [...list, draft]);
    select({ kind: 'module', id: draft.id });
  }
  const draft = selection?.kind === 'module' ? drafts.find((d) => d.id === selection.id) : undefined;

  const outline = (
    <ContentOutline
      modules={course.modules}
      drafts={drafts}
      selection={selection}
      expanded={expanded}
      addingLessonTo={addLesson.isPending ? (addLesson.variables?.moduleId ?? null) : null}
      onToggle={(id) => setExpanded((open) => (open.includes(id) ? open.filter((x) => x !== id) : [...open, id]))}
      onSelect={select}
      onAddModule={addModule}
      onAddLesson={(moduleId) => {
        setExpanded((open) => (open.includes(moduleId) ? open : [...open, moduleId]));
        // The new lesson opens once the outline shows it.
        addLesson.mutate({ moduleId }, { onSuccess: (lesson) => select({ kind: 'lesson', id: lesson.id }) });
      }}
      onReorderModules={(moduleIds) => {
        setModules((modules) => byIds(modules, moduleIds));
        reorderModules.mutate({ courseId: course.id, moduleIds });
      }}
      onReorderLessons={(moduleId, lessonIds) => {
        setModules((modules) => modules.map((module) => (module.id === moduleId ? { ...module, lessons: byIds(module.lessons, lessonIds) } : module)));
        reorderLessons.mutate({ moduleId, lessonIds });
      }}
      onAction={setAction}
      onDiscardDraft={(id) => {
        setDrafts((list) => list.filter((d) => d.id !== id));
        if (selection?.id === id) setSelection(null);
      }}
    />
  );
  const editor: ReactNode =
    selection === null ? (
      <Paper withBorder radius="lg" p="xl" h="100%">
        <Stack align="center" justify="center" gap="xs" h="100%" mih={240}>
          <IconPointer size={28} color="var(--mantine-color-dimmed)" aria-hidden="true" />
          <Text c="dimmed" ta="center">
            {t('courseEditor.placeholder')}
          </Text>
        </Stack>
      </Paper>
    ) : selection.kind === 'module' ? (
      <ModuleEditor
        key={selection.id}
        courseId={course.id}
        moduleId={selection.id}
        draftTitle={draft?.title}
        onDirtyChange={onDirtyChange}
        onSaved={(id) => {
          setDrafts((list) => list.filter((d) => d.id !== id));
          setExpanded((open) => (open.includes(id) ? open : [...open, id]));
        }}
      />
    ) : (
      <LessonEditor key={selection.id} lessonId={selection.id} onDirtyChange={onDirtyChange} />
    );

  return (
    <>
      <InPortal node={editorNode}>{editor}</InPortal>
      {wide ? (
        <SplitGroup orientation="horizontal" className={classes.split} aria-label={t('courseEditor.tabs.content')}>
          <Panel id="outline" defaultSize="30" minSize="20">
            <div className={classes.outlinePane}>{outline}</div>
          </Panel>
          <Separator className={classes.separator} aria-label={t('courseEditor.resize')} />
          <Panel id="editor" defaultSize="70" minSize="40">
            <div className={classes.editorPane}>
              <OutPortal node={editorNode} />
            </div>
          </Panel>
        </SplitGroup>
      ) : (
        <Stack gap="lg">
          {outline}
          <div ref={editorTop} style={{ scrollMarginTop: 72 }}>
            <OutPortal node={editorNode} />
          </div>
        </Stack>
      )}
      <OutlineActionDialogs
        action={action}
        onClose={() => setAction(null)}
        onDeleted={(id) =>
          setSelection((current) => {
            if (current?.id !== id) return current;
            dirty.current = false;
            return null;
          })
        }
      />
      <ConfirmDialog
        opened={pending !== null}
        title={t('communityPage.edit.unsavedTitle')}
        confirmLabel={t('communityPage.edit.leave')}
        cancelLabel={t('communityPage.edit.stay')}
        onConfirm={() => pending && choose(pending)}
        onCancel={() => setPending(null)}
      >
        {t('communityPage.edit.unsaved')}
      </ConfirmDialog>
    </>
  );
}
