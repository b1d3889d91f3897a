import { Button, Flex, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
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
      {/* Side by side from a small tablet up; on a phone the button goes under the prompt, full width. */}
      <Flex gap="sm" direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'center' }}>
        <Group gap="sm" wrap="nowrap" style={{ flex: 1 }} miw={0}>
          <UserAvatar username={me.data?.username} avatarUrl={me.data?.avatarUrl} radius="xl" size={44} />
          {/* The whole prompt opens the dialog too; the button is what assistive technology announces. */}
          <UnstyledButton onClick={open} className={classes.prompt} tabIndex={-1} aria-hidden="true">
            <Stack gap={0}>
              <Text fw={600}>{t('feedback.composer.prompt')}</Text>
              <Text size="sm" c="dimmed">
                {t('feedback.composer.promptHint')}
              </Text>
            </Stack>
          </UnstyledButton>
        </Group>
        <Button onClick={open} leftSection={<IconMessageStar size={18} />} radius="xl" className={classes.addButton}>
          {t('feedback.composer.open')}
        </Button>
      </Flex>
      <FeedbackDialog opened={opened} onClose={() => setOpened(false)} />
    </Paper>
  );
}
