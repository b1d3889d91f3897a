import { Button, Center, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconConfetti, IconMessageHeart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../../components/RouterLinks.tsx';

interface WelcomeDialogProps {
  /** The new community's name; the dialog is open while it is set. */
  name: string | null;
  /** Goes on to the community page, whichever way the dialog is left. */
  onDone: () => void;
}

/** After creation: an invitation to share feedback (in a new tab), then on to the community. */
export function WelcomeDialog({ name, onDone }: WelcomeDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root opened={name !== null} onClose={onDone} centered radius="lg" size="md">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md" ta="center">
            <Center>
              <ThemeIcon size={64} radius="xl" variant="light">
                <IconConfetti size={34} />
              </ThemeIcon>
            </Center>
            <Modal.Title fz={24} fw={700} lh={1.25}>
              {t('create.welcome.title')}
            </Modal.Title>
            <Text c="dimmed">{t('create.welcome.body', { name: name ?? '' })}</Text>
            <Text size="sm">{t('create.welcome.feedbackAsk')}</Text>
            <Group justify="center" gap="sm" mt="xs">
              <Button variant="default" onClick={onDone}>
                {t('create.welcome.later')}
              </Button>
              <RouterButton to="/feedbacks" target="_blank" rel="noopener" leftSection={<IconMessageHeart size={18} />} onClick={onDone}>
                {t('create.welcome.shareFeedback')}
              </RouterButton>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
