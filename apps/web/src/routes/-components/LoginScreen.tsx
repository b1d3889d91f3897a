import { Alert, Box, Button, Center, Checkbox, Group, Loader, Paper, ScrollArea, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { SignInErrorCode } from '@app/shared/plain/auth';
import { safeReturnPath } from '@app/shared/paths';
import { IconAlertCircle, IconArrowLeft, IconBrandGoogleFilled, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { HydratesApart } from '../../components/HydratesApart.tsx';
import { RouterAnchor } from '../../components/RouterLinks.tsx';
import { StaticPart } from '../../components/StaticPart.tsx';
import { startSignIn, useMe, useSignOut } from '../../lib/auth.ts';
import { STORAGE, store } from '../../lib/storage-keys.ts';
import '../../i18n/auth.ts';

const ERROR_KEYS: Record<SignInErrorCode, string> = {
  state: 'auth.errors.googleFailed',
  provider: 'auth.errors.googleFailed',
  token: 'auth.errors.googleFailed',
  unverified: 'auth.errors.unverified',
  profile: 'auth.errors.profile',
  unexpected: 'auth.errors.unexpected',
};

interface LoginProps {
  errorCode: SignInErrorCode | undefined;
  /** Why sign-in is needed, shown above the sign-in form. */
  notice?: string | undefined;
}

export function LoginScreen({ errorCode, notice }: LoginProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="calc(100vh - 61px)">
      <StaticPart>
        <MarketingPanel />
      </StaticPart>
      <Center p={{ base: 'md', sm: 'xl' }}>
        <HydratesApart>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 36 }} w="100%" maw={460}>
            <LoginCard errorCode={errorCode} notice={notice} />
          </Paper>
        </HydratesApart>
      </Center>
    </SimpleGrid>
  );
}

function MarketingPanel() {
  const { t } = useTranslation();
  const bullets = ['create', 'courses', 'events', 'forums'] as const;
  return (
    <Box className="login-panel" p={{ base: 'xl', md: 56 }} visibleFrom="md">
      <Stack justify="center" h="100%" gap="xl" maw={480} mx="auto">
        <Title order={2} c="white" fz={34} lh={1.15}>
          {t('auth.marketing.title')}
        </Title>
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {bullets.map((key) => (
            <Group key={key} component="li" gap="sm" wrap="nowrap">
              <ThemeIcon variant="white" radius="xl" size={26} c="brand.7">
                <IconCheck size={16} />
              </ThemeIcon>
              <Text c="white" fz="lg">
                {t(`auth.marketing.${key}`)}
              </Text>
            </Group>
          ))}
        </Stack>
        <Text c="brand.1">{t('auth.marketing.contact')}</Text>
      </Stack>
    </Box>
  );
}

function LoginCard({ errorCode, notice }: LoginProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const me = useMe();
  const back = (
    <Box>
      <Button variant="subtle" color="gray" leftSection={<IconArrowLeft className="mirror-rtl" size={16} />} onClick={() => router.history.back()} px={4}>
        {t('auth.back')}
      </Button>
    </Box>
  );

  if (me.isPending || me.data) {
    return (
      <Stack gap="md">
        {back}
        <SignedInCard />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {back}
      {me.isError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {t('auth.errors.fetchProfile')}
        </Alert>
      )}
      <SignInForm errorCode={errorCode} notice={notice} />
    </Stack>
  );
}

/** Signed in: say so, then continue to where the person was going (spec: Login screen, after sign-in). */
function SignedInCard() {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const signOut = useSignOut();

  useEffect(() => {
    if (!me.data) return;
    const target = store.get(STORAGE.redirectPath);
    if (target) {
      store.remove(STORAGE.redirectPath);
      // A stored address, not a known route: the spec asks for a full navigation to it.
      window.location.assign(safeReturnPath(target));
      return;
    }
    const pendingJoin = store.get(STORAGE.pendingJoin);
    if (pendingJoin) {
      store.remove(STORAGE.pendingJoin);
      void navigate({ to: '/$communityName/join', params: { communityName: pendingJoin } });
      return;
    }
    void navigate({ to: '/', replace: true });
  }, [me.data, navigate]);

  const name = me.data?.fullName;
  return (
    <Stack gap="sm">
      <Title order={2}>{name ? t('auth.welcomeBackName', { name }) : t('auth.welcomeBack')}</Title>
      {me.isPending ? (
        <Loader size="sm" role="status" aria-label={t('nav.loadingProfile')} />
      ) : (
        <>
          <Text c="dimmed">
            {t('auth.signedInAs')}{' '}
            <Text span fw={600} c="dark">
              {me.data?.email}
            </Text>
          </Text>
          <Group gap="xs" c="dimmed">
            <Loader size="xs" type="dots" />
            <Text size="sm">{t('auth.redirecting')}</Text>
          </Group>
          <Button variant="default" onClick={() => signOut.mutate()} loading={signOut.isPending}>
            {t('auth.signOutButton')}
          </Button>
        </>
      )}
    </Stack>
  );
}

function SignInForm({ errorCode, notice }: LoginProps) {
  const { t } = useTranslation();
  const [agreed, setAgreed] = useState(true);
  const [pending, setPending] = useState(false);
  const [termsRefused, setTermsRefused] = useState(false);
  const termsBody = t('auth.termsBody', { returnObjects: true }) as string[];

  // Coming back with the browser's back button must not leave the button stuck on 'Processing...'.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setPending(false);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  function signIn() {
    if (!agreed) {
      setTermsRefused(true);
      return;
    }
    setPending(true);
    startSignIn();
  }

  return (
    <Stack gap="md">
      <Title order={2}>{t('auth.accessHeading')}</Title>
      {notice && (
        <Alert color="brand" icon={<IconInfoCircle />} role="status">
          {notice}
        </Alert>
      )}
      {errorCode && (
        <Alert color="red" title={t('auth.errorTitle')} icon={<IconAlertCircle />} role="alert">
          {t(ERROR_KEYS[errorCode])}
        </Alert>
      )}
      {termsRefused && !agreed && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {t('auth.errors.acceptTerms')}
        </Alert>
      )}
      <Paper withBorder radius="md" bg="gray.0">
        {/* Focusable, so the terms can be scrolled with the keyboard. */}
        <ScrollArea.Autosize mah={300} type="hover" scrollHideDelay={600} viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('auth.termsTitle') }}>
          <Stack gap="xs" p="md">
            <Text fw={600} size="sm">
              {t('auth.termsTitle')}
            </Text>
            {termsBody.map((paragraph) => (
              <Text key={paragraph.slice(0, 24)} size="sm" c="dimmed">
                {paragraph}
              </Text>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Paper>
      <Checkbox
        checked={agreed}
        disabled={pending}
        onChange={(e) => setAgreed(e.currentTarget.checked)}
        label={
          <Trans
            i18nKey="auth.agreeTerms"
            components={{
              terms: <RouterAnchor to="/terms-of-use" inherit />,
              privacy: <RouterAnchor to="/privacy-policy" inherit />,
            }}
          />
        }
      />
      <Button size="md" leftSection={<IconBrandGoogleFilled size={18} />} onClick={signIn} disabled={pending}>
        {pending ? t('auth.processing') : t('auth.signInWithGoogle')}
      </Button>
      <Text size="sm" c="dimmed" ta="center">
        {t('auth.loginProvidesAccess')}
      </Text>
    </Stack>
  );
}
