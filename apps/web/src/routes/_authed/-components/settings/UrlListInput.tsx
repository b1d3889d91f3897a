import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { UpdateProfileInput } from '@app/shared/profiles';
import { MAX_PROFILE_URLS } from '@app/shared/plain/profiles';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The profile's list of links, with add and remove. */
export function UrlListInput({ form }: { form: UseFormReturnType<UpdateProfileInput> }) {
  const { t } = useTranslation();
  const urls = form.values.urls;
  return (
    <Input.Wrapper label={t('settings.profile.urls')} description={t('settings.profile.urlsHelp')} error={form.errors.urls}>
      <Stack gap="xs" mt={6}>
        {urls.map((_, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              style={{ flex: 1 }}
              aria-label={t('settings.profile.urlLabel', { n: index + 1 })}
              placeholder="https://"
              type="url"
              {...form.getInputProps(`urls.${index}`)}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('settings.profile.removeUrl', { n: index + 1 })}
              onClick={() => form.removeListItem('urls', index)}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ))}
        <div>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem('urls', '')}
            disabled={urls.length >= MAX_PROFILE_URLS}
          >
            {t('settings.profile.addUrl')}
          </Button>
        </div>
      </Stack>
    </Input.Wrapper>
  );
}
