import { Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMessageStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../components/UserAvatar.tsx';
import { useMe } from '../../../../lib/auth.ts';
import { FeedbackDialog } from './FeedbackDialog.tsx';
import classes from './feedback.module.css';

/** The composer: a prompt that opens the 'Add Feedback' dialog. */
export function FeedbackComposer() {
  const { t } = useTranslation();
  const me = useMe();
  const [opened, setOpened] = useState(false);
  const open = () => setOpened(true);
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={t('feedback.composer.region')} className={classes.composer}>
      <Group gap="sm" wrap="nowrap">
        <UserAvatar username={me.data?.username} avatarUrl={me.data?.avatarUrl} radius="xl" size={44} visibleFrom="xs" />
        {/* The whole prompt opens the dialog too; the button is what assistive technology announces. */}
        <UnstyledButton onClick={open} className={classes.prompt} tabIndex={-1} aria-hidden="true">
          <Stack gap={0}>
            <Text fw={600}>{t('feedback.composer.prompt')}</Text>
            <Text size="sm" c="dimmed">
              {t('feedback.composer.promptHint')}
            </Text>
          </Stack>
        </UnstyledButton>
        <Button onClick={open} leftSection={<IconMessageStar size={18} />} radius="xl" className={classes.addButton}>
          {t('feedback.composer.open')}
        </Button>
      </Group>
      <FeedbackDialog opened={opened} onClose={() => setOpened(false)} />
    </Paper>
  );
}
