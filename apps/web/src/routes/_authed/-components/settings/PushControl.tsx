import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentPush, isMobileDevice, subscribePush, unsubscribePush, type PushState } from '../../../../lib/push.ts';
import { useTRPC } from '../../../../lib/trpc.ts';

const BADGE_COLOR: Record<PushState, string> = { on: 'teal', off: 'gray', blocked: 'red', unsupported: 'gray' };

/**
 * 'Turn on push notifications' for this device: the browser asks for permission only after the
 * click; the state shown is this browser's (on, off, blocked by the browser, not supported).
 */
export function PushControl() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const key = useQuery(trpc.notifications.pushKey.queryOptions());
  const [state, setState] = useState<PushState | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void currentPush().then((now) => live && setState(now.state));
    return () => {
      live = false;
    };
  }, []);

  const subscribe = useMutation(trpc.notifications.pushSubscribe.mutationOptions());
  const unsubscribe = useMutation(trpc.notifications.pushUnsubscribe.mutationOptions());
  const toggle = useMutation({
    mutationFn: async (on: boolean) => {
      setFailed(false);
      if (!on) {
        const endpoint = await unsubscribePush();
        if (endpoint) await unsubscribe.mutateAsync({ endpoint });
        return;
      }
      const subscription = await subscribePush(key.data!.publicKey!);
      if (subscription) await subscribe.mutateAsync({ ...subscription, mobile: isMobileDevice(), language: i18n.language === 'ar' ? 'ar' : 'en' });
    },
    onError: () => setFailed(true),
    onSettled: async () => setState((await currentPush()).state),
  });

  const unavailable = key.data !== undefined && key.data.publicKey === null;
  const shown: PushState = state ?? 'off';
  const help =
    shown === 'unsupported' ? t('settings.notifications.push.unsupportedHelp')
    : unavailable ? t('settings.notifications.push.unavailableHelp')
    : shown === 'blocked' ? t('settings.notifications.push.blockedHelp')
    : shown === 'on' ? t('settings.notifications.push.onHelp')
    : t('settings.notifications.push.description');

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="push-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={3} size="h5" id="push-heading">
              {t('settings.notifications.push.heading')}
            </Title>
            <Text size="sm" c="dimmed">
              {help}
            </Text>
          </div>
          {state && (
            <Badge variant="light" color={BADGE_COLOR[shown]} data-testid="push-state" style={{ flex: 'none' }}>
              {t(`settings.notifications.push.${shown}`)}
            </Badge>
          )}
        </Group>
        {failed && (
          <Alert color="red" variant="light" role="alert">
            {t('settings.notifications.push.failed')}
          </Alert>
        )}
        {(shown === 'off' || shown === 'on') && !unavailable && (
          <div>
            <Button
              variant={shown === 'on' ? 'default' : 'filled'}
              loading={toggle.isPending}
              disabled={state === null || !key.data}
              onClick={() => toggle.mutate(shown !== 'on')}
            >
              {shown === 'on' ? t('settings.notifications.push.turnOff') : t('settings.notifications.push.turnOn')}
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
