import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogFocusReturn, useOpenedOnce } from '../lib/useDialogFocusReturn.ts';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Stays open while busy; the error, if any, shows inside. */
  busy?: boolean;
  error?: string | null;
  danger?: boolean;
  /** Fields under the question (a ban's optional reason). */
  extra?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A small confirmation dialog (leaving, removing a member, leaving a form with unsaved changes). */
export function ConfirmDialog({ opened, title, children, confirmLabel, cancelLabel, busy = false, error, danger = true, extra, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  useDialogFocusReturn(opened);
  if (!useOpenedOnce(opened)) return null;
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} returnFocus={false} opened={opened} onClose={busy ? () => {} : onCancel} title={<Text fw={700}>{title}</Text>} centered radius="lg">
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        {extra}
        {error && (
          <Alert color="red" role="alert" p="xs">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('communityPage.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={busy} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
