import { Alert, Box, Button, Container, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../../i18n/server-text.ts';
import { storedReferralCode } from '../../../../lib/storage-keys.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { CoreDetailsStep } from './CoreDetailsStep.tsx';
import { initialValues, parseInput, toInput, validateCore, validateOptional, type WizardValues } from './form.ts';
import { OptionalDetailsStep } from './OptionalDetailsStep.tsx';
import { WelcomeDialog } from './WelcomeDialog.tsx';

const STEP_COUNT = 2;

/**
 * The create-community wizard (spec: 'Create community wizard'): step 1 must pass the shared core
 * schema before step 2; 'Previous Step' keeps what was typed; on success the welcome dialog opens,
 * then the new community's page.
 */
export function CreateCommunityWizard({ contactEmail }: { contactEmail: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [logoBusy, setLogoBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const form = useForm<WizardValues>({ mode: 'controlled', initialValues: initialValues(contactEmail) });

  const create = useMutation(
    trpc.communities.create.mutationOptions({
      onSuccess: async ({ name }) => {
        setServerError(null);
        setCreated(name);
        // The new community shows in 'My communities', Discover, and unlocks the top bar's Feedbacks link.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.communities.mine.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.communities.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.communities.count.queryKey() }),
        ]);
      },
      onError: (error) => {
        const message = error.message || t('create.unexpected');
        if (error.data?.code === 'CONFLICT') form.setFieldError('name', serverText(message));
        setServerError(message);
      },
    }),
  );
  const busy = create.isPending || created !== null;

  /** Shows the errors and puts the focus on the first field that has one; true when there are none. */
  function check(errors: FormErrors, formElement: HTMLFormElement | undefined) {
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) return true;
    requestAnimationFrame(() => formElement?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    return false;
  }

  function submit(values: WizardValues, event: FormEvent<HTMLFormElement> | undefined) {
    const formElement = event?.currentTarget;
    const referralCode = storedReferralCode();
    const input = toInput(values, referralCode);
    if (step === 0) {
      if (check(validateCore(input), formElement)) {
        setStep(1);
        window.scrollTo({ top: 0 });
      }
      return;
    }
    if (!check({ ...validateCore(input), ...validateOptional(input) }, formElement)) return;
    const parsed = parseInput(input);
    if (!parsed.success) {
      setServerError(parsed.error.issues[0]?.message ?? t('create.unexpected'));
      return;
    }
    setServerError(null);
    create.mutate(parsed.data);
  }

  function back() {
    setServerError(null);
    setStep(0);
    window.scrollTo({ top: 0 });
  }

  function goToCommunity() {
    if (created) void navigate({ to: '/community/$communityName', params: { communityName: created }, replace: true });
  }

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', xs: 'lg', sm: 36 }}>
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="lg">
            <Stack gap={6}>
              <Title order={1} fz={{ base: 24, sm: 30 }}>
                {t('create.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('create.subtitle')}
              </Text>
            </Stack>
            <Box>
              <Text fw={600} size="sm" c="brand.7" mb={8} aria-live="polite">
                {step === 0 ? t('create.step1') : t('create.step2')}
              </Text>
              <Progress value={((step + 1) / STEP_COUNT) * 100} size="sm" radius="xl" aria-label={t('create.progress')} />
            </Box>
            {step === 0 ? <CoreDetailsStep form={form} onLogoBusy={setLogoBusy} /> : <OptionalDetailsStep form={form} />}
            {serverError && (
              <Alert color="red" icon={<IconAlertCircle />} role="alert">
                {serverText(serverError)}
              </Alert>
            )}
            <Group justify={step === 0 ? 'flex-end' : 'space-between'} gap="sm">
              {step === 1 && (
                <Button variant="default" leftSection={<IconArrowLeft className="mirror-rtl" size={16} />} onClick={back} disabled={busy}>
                  {t('create.previous')}
                </Button>
              )}
              {step === 0 ? (
                <Button key="next" type="submit" rightSection={<IconArrowRight className="mirror-rtl" size={16} />} disabled={logoBusy}>
                  {t('create.next')}
                </Button>
              ) : (
                <Button key="submit" type="submit" disabled={busy} leftSection={create.isPending ? <Loader size={14} color="gray" /> : undefined}>
                  {create.isPending ? t('create.creating') : t('create.submit')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>
      <WelcomeDialog name={created} onDone={goToCommunity} />
    </Container>
  );
}
