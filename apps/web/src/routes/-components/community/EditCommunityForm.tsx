import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { JOIN_QUESTIONS_MAX } from '@app/shared/plain/communities';
import { JoinQuestionsEditor } from './JoinQuestionsEditor.tsx';
import { notifications } from '@mantine/notifications';
import { updateCommunityInput, type UpdateCommunityInput } from '@app/shared/communities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { serverText, withServerText } from '../../../i18n/server-text.ts';
import { isRateLimited } from '../../../lib/rate-limit.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import {
  CategoryField,
  ContactEmailField,
  DescriptionField,
  LanguageField,
  NameField,
  RulesField,
  SeatsField,
  seatsFromText,
  VideoUrlField,
} from '../community-form/CommunityFields.tsx';
import { LogoField, type LogoFieldTexts } from '../community-form/LogoField.tsx';
import { useInvalidateCommunity } from './queries.ts';
import { tabSearch } from '../../../lib/community-tabs.ts';
import type { CommunityDetails } from '../../../lib/community-types.ts';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard.tsx';
import { useTabLink } from '../../../lib/useTabLink.ts';
import { RouterButton } from '../../../components/RouterLinks.tsx';

/** The form's own shape: blank text fields as '', the seats as digits, the price as typed (dollars). */
interface EditValues {
  id: string;
  name: string;
  logoUrl: string;
  description: string;
  rules: string;
  videoUrl: string;
  category: string | null;
  language: string | null;
  contactEmail: string;
  availableSeats: string;
  membershipAmount: number | string;
  isPrivate: boolean;
  /** Always JOIN_QUESTIONS_MAX slots; blank ones are not questions. */
  joinQuestions: string[];
}

function initialValues(community: CommunityDetails): EditValues {
  return {
    id: community.id,
    name: community.name,
    logoUrl: community.logoUrl ?? '',
    description: community.description ?? '',
    rules: community.rules ?? '',
    videoUrl: community.videoUrl ?? '',
    category: community.category,
    language: community.language,
    contactEmail: community.contactEmail ?? '',
    availableSeats: community.availableSeats === null ? '' : String(community.availableSeats),
    membershipAmount: community.membershipAmountCents / 100,
    isPrivate: community.isPrivate,
    joinQuestions: Array.from({ length: JOIN_QUESTIONS_MAX }, (_, i) => community.joinQuestions[i] ?? ''),
  };
}

const blankToNaN = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/** What the server takes: no cap when the seats are blank, the price in integer cents. */
function toInput(values: EditValues): UpdateCommunityInput {
  return {
    communityId: values.id,
    name: values.name,
    logoUrl: values.logoUrl,
    description: values.description,
    rules: values.rules,
    videoUrl: values.videoUrl,
    category: (values.category ?? undefined) as UpdateCommunityInput['category'],
    language: (values.language ?? undefined) as UpdateCommunityInput['language'],
    contactEmail: values.contactEmail,
    availableSeats: seatsFromText(values.availableSeats),
    membershipAmountCents: Math.round(blankToNaN(values.membershipAmount) * 100),
    isPrivate: values.isPrivate,
    joinQuestions: values.joinQuestions,
  };
}

const validateInput = withServerText(schemaResolver(updateCommunityInput, { sync: true }));

/**
 * The 'Edit information' form of the owner and admins (spec sections 2, 4 and 5), validated by the
 * shared schema. The price is the owner's alone (`setsPrice`): admins see it, read-only.
 */
export function EditCommunityForm({ community, setsPrice }: { community: CommunityDetails; setsPrice: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate({ from: '/community/$communityName' });
  const invalidate = useInvalidateCommunity();
  const tabLink = useTabLink();

  const form = useForm<EditValues>({
    mode: 'controlled',
    initialValues: initialValues(community),
    validate: (values) => {
      const errors: FormErrors = { ...validateInput(toInput(values)) };
      // The schema's field is in cents; the form's is in dollars (the message names no unit).
      if (errors.membershipAmountCents) errors.membershipAmount = errors.membershipAmountCents;
      delete errors.membershipAmountCents;
      delete errors.id;
      return errors;
    },
    validateInputOnBlur: true,
  });

  const save = useMutation(
    trpc.communities.update.mutationOptions({
      onSuccess: async (saved) => {
        // Saved work is no longer unsaved: the navigation below must not ask.
        form.resetDirty();
        queryClient.setQueryData(trpc.communities.byName.queryKey({ name: saved.name }), saved);
        notifications.show({ color: 'teal', message: t('communityPage.edit.saved') });
        if (saved.name !== community.name) {
          await navigate({ to: '/community/$communityName', params: { communityName: saved.name }, search: tabSearch('about') });
        } else {
          await navigate({ search: tabSearch('about') });
        }
        await invalidate();
      },
      onError: (error) => {
        if (error.data?.code === 'CONFLICT' && /name/i.test(error.message)) form.setFieldError('name', serverText(error.message));
        if (!isRateLimited(error)) notifications.show({ color: 'red', message: t('communityPage.edit.saveFailed', { message: serverText(error.message) }) });
      },
    }),
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <UnsavedChangesGuard shouldBlock={() => form.isDirty()} />
      <form onSubmit={form.onSubmit((values) => save.mutate(toInput(values)))} noValidate aria-labelledby="edit-community-title">
        <Stack gap="lg">
          <div>
            <Title order={2} fz="xl" id="edit-community-title">
              {t('communityPage.edit.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('communityPage.edit.subtitle')}
            </Text>
          </div>
          <NameField {...form.getInputProps('name')} />
          <LogoField
            texts={t('communityPage.edit.logo', { returnObjects: true }) as LogoFieldTexts}
            value={form.values.logoUrl}
            onChange={(url) => form.setFieldValue('logoUrl', url)}
            error={form.errors.logoUrl}
          />
          <DescriptionField {...form.getInputProps('description')} />
          <RulesField {...form.getInputProps('rules')} />
          <VideoUrlField description={t('communityPage.edit.videoHint')} {...form.getInputProps('videoUrl')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <CategoryField {...form.getInputProps('category')} />
            <LanguageField {...form.getInputProps('language')} />
          </SimpleGrid>
          <ContactEmailField {...form.getInputProps('contactEmail')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SeatsField description={t('communityPage.edit.seatsHint')} {...form.getInputProps('availableSeats')} />
            <NumberInput
              label={t('communityPage.edit.amount')}
              description={setsPrice ? t('communityPage.edit.amountHint') : t('communityPage.edit.amountOwnerOnly')}
              readOnly={!setsPrice}
              required
              min={0}
              step={0.01}
              decimalScale={2}
              fixedDecimalScale
              allowNegative={false}
              clampBehavior="none"
              prefix="US$"
              {...form.getInputProps('membershipAmount')}
            />
          </SimpleGrid>
          <Switch
            label={t('communityPage.edit.private')}
            description={t('communityPage.edit.privateHint')}
            {...form.getInputProps('isPrivate', { type: 'checkbox' })}
          />
          {form.values.isPrivate && <JoinQuestionsEditor inputProps={(i) => form.getInputProps(`joinQuestions.${i}`)} />}
          <Group justify="flex-end" gap="sm">
            <RouterButton {...tabLink('about')} variant="default">
              {t('communityPage.cancel')}
            </RouterButton>
            <Button type="submit" loading={save.isPending}>
              {t('communityPage.edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
