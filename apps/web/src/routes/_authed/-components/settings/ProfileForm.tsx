import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@app/api';
import { Alert, Button, Divider, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { updateProfileInput, type UpdateProfileInput } from '@app/shared/profiles';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AvatarUploader } from '../../../../components/AvatarUploader.tsx';
import { serverText, withServerText } from '../../../../i18n/server-text.ts';
import { categoryOptions, languageOptions } from '../../../../lib/labels.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { UrlListInput } from './UrlListInput.tsx';
import { SectionHeading } from './SectionHeading.tsx';

type Profile = NonNullable<inferRouterOutputs<AppRouter>['profiles']['me']>;

function initialValues(profile: Profile): UpdateProfileInput {
  return {
    username: profile.username,
    contactEmail: profile.contactEmail ?? '',
    bio: profile.bio ?? '',
    urls: profile.urls,
    category: (profile.category as UpdateProfileInput['category']) ?? null,
    language: (profile.language as UpdateProfileInput['language']) ?? null,
    avatarUrl: profile.avatarUrl,
  };
}

export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<UpdateProfileInput>({
    mode: 'controlled',
    initialValues: initialValues(profile),
    validate: withServerText(schemaResolver(updateProfileInput, { sync: true })),
    validateInputOnBlur: true,
  });

  const save = useMutation(
    trpc.profiles.update.mutationOptions({
      onSuccess: async (saved) => {
        setServerError(null);
        queryClient.setQueryData(trpc.profiles.me.queryKey(), saved);
        await queryClient.invalidateQueries({ queryKey: trpc.profiles.byUsername.queryKey() });
        form.resetDirty(initialValues(saved));
        notifications.show({ color: 'teal', title: t('settings.profile.updated'), message: t('settings.profile.updatedBody') });
      },
      onError: (error) => {
        const message = error.message || t('settings.profile.failed');
        if (error.data?.code === 'CONFLICT' || /username/i.test(message)) form.setFieldError('username', serverText(message));
        setServerError(message);
      },
    }),
  );

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack gap="lg">
        <SectionHeading title={t('settings.profile.heading')} description={t('settings.profile.description')} />
        <Divider />
        {serverError && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {serverText(serverError)}
          </Alert>
        )}
        <AvatarUploader
          username={form.values.username}
          value={form.values.avatarUrl}
          onChange={(url) => form.setFieldValue('avatarUrl', url)}
        />
        <TextInput
          label={t('settings.profile.username')}
          description={t('settings.profile.usernameHelp')}
          autoComplete="username"
          {...form.getInputProps('username')}
        />
        <TextInput label={t('settings.profile.email')} description={t('settings.profile.emailHelp')} value={profile.email} readOnly />
        <TextInput
          label={t('settings.profile.contactEmail')}
          description={t('settings.profile.contactEmailHelp')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('contactEmail')}
        />
        <Textarea
          label={t('settings.profile.bio')}
          placeholder={t('settings.profile.bioPlaceholder')}
          autosize
          minRows={3}
          maxRows={6}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={t('settings.profile.bioCount', { count: form.values.bio.trim().length })}
          {...form.getInputProps('bio')}
        />
        <UrlListInput form={form} />
        <Select
          label={t('settings.profile.category')}
          placeholder={t('settings.profile.categoryPlaceholder')}
          data={categoryOptions(t)}
          clearable
          searchable
          {...form.getInputProps('category')}
        />
        <Select
          label={t('settings.profile.language')}
          placeholder={t('settings.profile.languagePlaceholder')}
          data={languageOptions(t)}
          clearable
          searchable
          {...form.getInputProps('language')}
        />
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('settings.profile.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
