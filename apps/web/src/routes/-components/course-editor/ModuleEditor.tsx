import { Badge, Select } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { saveModuleInput, type SaveModuleInput } from '@app/shared/courses';
import { CONTENT_MESSAGES } from '@app/shared/plain/courses';
import { LEVEL_THRESHOLDS } from '@app/shared/plain/levels';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText, withServerText } from '../../../i18n/server-text.ts';
import { isRateLimited } from '../../../lib/rate-limit.ts';
import { formatCount } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { ContentFields, type ContentValues } from './ContentFields.tsx';
import { CourseFilesField } from './CourseFilesField.tsx';
import { contentLoadError } from '../courses/types.ts';
import { EditorPane, PaneState } from './EditorPane.tsx';
import type { EditorFile } from './files.ts';
import { useReadyToEdit, useSavedValues } from './useSavedValues.ts';

interface ModuleValues extends ContentValues {
  /** '' for everyone, else the level's number. */
  requiredLevel: string;
  documents: EditorFile[];
  images: EditorFile[];
}

const toInput = (courseId: string, clientId: string, v: ModuleValues): SaveModuleInput => ({
  courseId,
  clientId,
  title: v.title,
  content: v.content || null,
  videoUrl: v.videoUrl || null,
  requiredLevel: v.requiredLevel ? Number(v.requiredLevel) : null,
  documentKeys: v.documents.map((file) => file.key),
  imageKeys: v.images.map((file) => file.key),
});
const validateInput = withServerText(schemaResolver(saveModuleInput, { sync: true }));

interface ModuleEditorProps {
  courseId: string;
  moduleId: string;
  /** A module added with 'Add Module' and not saved yet: inserted under its id on 'Save Changes'. */
  draftTitle?: string;
  onSaved: (moduleId: string) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/** The module editor: title, rich text, video with a preview, files, the level it needs, and 'Save Changes'. */
export function ModuleEditor({ courseId, moduleId, draftTitle, onSaved, onDirtyChange }: ModuleEditorProps) {
  const trpc = useTRPC();
  const saved = useQuery({ ...trpc.courses.module.queryOptions({ moduleId }), enabled: draftTitle === undefined });
  const ready = useReadyToEdit(saved, moduleId);
  if (draftTitle !== undefined) {
    const empty: ModuleValues = { title: draftTitle, content: '', videoUrl: '', requiredLevel: '', documents: [], images: [] };
    return <ModuleForm key={moduleId} courseId={courseId} moduleId={moduleId} initial={empty} isNew onSaved={onSaved} onDirtyChange={onDirtyChange} />;
  }
  if (saved.isError) return <PaneState error={contentLoadError(saved.error)} />;
  if (!ready || !saved.data) return <PaneState />;
  const row = saved.data;
  const initial: ModuleValues = {
    title: row.title,
    content: row.content ?? '',
    videoUrl: row.videoUrl ?? '',
    requiredLevel: row.requiredLevel ? String(row.requiredLevel) : '',
    documents: row.documents,
    images: row.images,
  };
  return <ModuleForm key={moduleId} courseId={courseId} moduleId={moduleId} initial={initial} isNew={false} onSaved={onSaved} onDirtyChange={onDirtyChange} />;
}

interface ModuleFormProps extends Omit<ModuleEditorProps, 'draftTitle'> {
  initial: ModuleValues;
  isNew: boolean;
}

function ModuleForm({ courseId, moduleId, initial, isNew, onSaved, onDirtyChange }: ModuleFormProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const form = useForm<ModuleValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => {
      const errors: FormErrors = { ...validateInput(toInput(courseId, moduleId, values)) };
      delete errors.courseId;
      delete errors.clientId;
      return errors;
    },
  });
  const server = useSavedValues(form, initial);
  const dirty = isNew || form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const save = useMutation(
    trpc.courses.saveModule.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'teal', message: serverText(result.message) });
        server.sent();
        onDirtyChange(false);
        await queryClient.invalidateQueries({ queryKey: trpc.courses.pathKey() });
        onSaved(result.id);
      },
      onError: (error) => {
        if (isRateLimited(error)) return;
        notifications.show({ color: 'red', title: serverText(isNew ? CONTENT_MESSAGES.moduleSaveFailed : CONTENT_MESSAGES.moduleContentFailed), message: serverText(error.message) });
      },
    }),
  );
  const saveFiles = useMutation(
    trpc.courses.saveModule.mutationOptions({
      onSuccess: async () => {
        server.sent();
        await queryClient.invalidateQueries({ queryKey: trpc.courses.pathKey() });
      },
    }),
  );
  const values = form.getValues();
  const levels = LEVEL_THRESHOLDS.slice(1).map((points, index) => ({ value: String(index + 2), label: t('courseEditor.levelOption', { level: index + 2, points: t('levelsPage.points', { count: points, value: formatCount(points) }) }) }));

  return (
    <EditorPane
      kind={t('courseEditor.module')}
      label={t('courseEditor.moduleForm', { title: initial.title })}
      badge={isNew ? <Badge variant="light">{t('courseEditor.notSaved')}</Badge> : null}
      dirty={dirty}
      saving={save.isPending}
      busy={uploading}
      onSubmit={form.onSubmit((v) => save.mutate(toInput(courseId, moduleId, server.sending(v))))}
    >
      <ContentFields form={form} initialContent={initial.content} />
      <CourseFilesField
        documents={values.documents}
        images={values.images}
        onChange={(files) => form.setValues(files)}
        // A saved module keeps uploaded files at once (with what the server held, not the unsaved edits);
        // a module not saved yet keeps them with its first 'Save Changes'.
        onUploaded={isNew ? undefined : (files) => saveFiles.mutateAsync(toInput(courseId, moduleId, server.sending({ ...server.current(), ...files })))}
        onBusyChange={setUploading}
      />
      <Select
        label={t('courseEditor.requiredLevel')}
        description={t('courseEditor.requiredLevelHint')}
        data={[{ value: '', label: t('courseEditor.everyone') }, ...levels]}
        allowDeselect={false}
        maw={320}
        {...form.getInputProps('requiredLevel')}
      />
    </EditorPane>
  );
}
