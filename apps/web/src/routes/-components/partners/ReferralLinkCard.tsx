import { Badge, Button, Card, Group, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { referralLink } from '@app/shared/plain/partners';
import { IconCheck, IconCopy, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './partners.module.css';

/** How long 'Copied!' (or 'Copy failed') shows on the button (spec section 9). */
export const COPY_FEEDBACK_MS = 2000;

type CopyState = 'idle' | 'copied' | 'failed';

/** The partner's referral link (the site's origin, ?ref= and the code) with a copy button. */
export function ReferralLinkCard({ code }: { code: string }) {
  const { t } = useTranslation();
  const link = referralLink(window.location.origin, code);
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg">
            {t('partners.link.title')}
          </Title>
          <Badge variant="light" radius="sm" tt="none" classNames={{ label: classes.code }}>
            {t('partners.link.code', { code })}
          </Badge>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('partners.link.label')}
            value={link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            flex="1 1 260px"
            classNames={{ input: classes.linkBox }}
          />
          <Button
            onClick={() => void copy()}
            color={state === 'failed' ? 'red' : state === 'copied' ? 'teal' : undefined}
            leftSection={state === 'copied' ? <IconCheck size={16} /> : state === 'failed' ? <IconX size={16} /> : <IconCopy size={16} />}
            miw={140}
          >
            {state === 'copied' ? t('partners.link.copied') : state === 'failed' ? t('partners.link.copyFailed') : t('partners.link.copy')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('partners.link.help')}
        </Text>
        <VisuallyHidden role="status" aria-live="polite">
          {state === 'copied' ? t('partners.link.copied') : state === 'failed' ? t('partners.link.copyFailed') : ''}
        </VisuallyHidden>
      </Stack>
    </Card>
  );
}
