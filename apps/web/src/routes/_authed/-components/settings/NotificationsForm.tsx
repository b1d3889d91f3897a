import { Badge, Button, Checkbox, Divider, Group, Paper, Radio, Stack, Switch, Text, Title, type RadioGroupProps } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications as toasts } from '@mantine/notifications';
import { EMAIL_DIGESTS, NOTIFY_ME_ABOUT } from '@app/shared/constants';
import { notificationsInput, type NotificationsInput } from '@app/shared/profiles';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverText, withServerText } from '../../../../i18n/server-text.ts';
import { isRateLimited } from '../../../../lib/rate-limit.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { SectionHeading } from './SectionHeading.tsx';

/** A 'Notify me about' choice: all, mentions, nothing. */
function NotifyMeAbout(props: Omit<RadioGroupProps, 'children'>) {
  const { t } = useTranslation();
  return (
    <Radio.Group {...props}>
      <Stack gap="xs" mt="xs">
        {NOTIFY_ME_ABOUT.map((value) => (
          <Radio key={value} value={value} label={t(`settings.notifications.${value}`)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

const EMAIL_TOGGLES = ['communicationEmails', 'marketingEmails', 'socialEmails', 'securityEmails'] as const;

export function NotificationsForm() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(trpc.profiles.notifications.queryOptions());
  const form = useForm<NotificationsInput>({
    mode: 'controlled',
    initialValues: { ...data, securityEmails: true },
    validate: withServerText(schemaResolver(notificationsInput, { sync: true })),
  });
  const save = useMutation(
    trpc.profiles.updateNotifications.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.profiles.notifications.queryKey(), saved);
        // 'Notify me about' decides what the bell shows, at read time: it counts again.
        void queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
        toasts.show({ color: 'teal', title: t('settings.notifications.saved'), message: t('settings.notifications.savedBody') });
      },
      onError: (error) => {
        if (!isRateLimited(error)) toasts.show({ color: 'red', message: serverText(error.message) || t('settings.notifications.failed') });
      },
    }),
  );

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack gap="lg">
        <SectionHeading title={t('settings.notifications.heading')} description={t('settings.notifications.description')} />
        <Divider />
        <NotifyMeAbout label={t('settings.notifications.notifyMeAbout')} {...form.getInputProps('notifyMeAbout')} />
        <div>
          <Title order={3} size="h5" mb="sm">
            {t('settings.notifications.emailHeading')}
          </Title>
          <Stack gap="sm">
            {EMAIL_TOGGLES.map((key) => (
              <Paper key={key} withBorder radius="md" p="md">
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={500}>{t(`settings.notifications.${key}`)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(`settings.notifications.${key}Help`)}
                    </Text>
                  </div>
                  <Group gap="xs" wrap="nowrap">
                    {key === 'securityEmails' && (
                      <Badge variant="light" color="teal">
                        {t('settings.notifications.alwaysOn')}
                      </Badge>
                    )}
                    <Switch
                      aria-label={t(`settings.notifications.${key}`)}
                      disabled={key === 'securityEmails'}
                      {...form.getInputProps(key, { type: 'checkbox' })}
                    />
                  </Group>
                </Group>
              </Paper>
            ))}
            <Paper withBorder radius="md" p="md">
              <Radio.Group label={t('settings.notifications.digest')} description={t('settings.notifications.digestHelp')} {...form.getInputProps('emailDigest')}>
                <Group gap="lg" mt="xs">
                  {EMAIL_DIGESTS.map((value) => (
                    <Radio key={value} value={value} label={t(`settings.notifications.${value}`)} />
                  ))}
                </Group>
              </Radio.Group>
            </Paper>
          </Stack>
        </div>
        <Checkbox label={t('settings.notifications.mobileSettings')} {...form.getInputProps('mobileSettings', { type: 'checkbox' })} />
        {form.values.mobileSettings && (
          // What pushes to phones and tablets tell of while the mobile settings are on.
          <NotifyMeAbout label={t('settings.notifications.mobileNotifyMeAbout')} {...form.getInputProps('mobileNotifyMeAbout')} />
        )}
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('settings.notifications.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
