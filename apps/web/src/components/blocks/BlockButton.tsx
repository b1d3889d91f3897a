import { Button, type ButtonProps } from '@mantine/core';
import { IconBan, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { useBlockActions, useBlockedIds } from './useBlocks.ts';

interface BlockButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  person: { id: string; name: string };
}

/** 'Block' (confirmed: what it does) or 'Unblock' for a person, on their profile and in the chat header. */
export function BlockButton({ person, size = 'compact-sm', variant = 'subtle' }: BlockButtonProps) {
  const { t } = useTranslation();
  const blocked = useBlockedIds().has(person.id);
  const { block, unblock, busy } = useBlockActions(person);
  const [asking, setAsking] = useState(false);
  if (blocked) {
    return (
      <Button size={size} variant={variant} color="gray" leftSection={<IconLockOpen size={14} />} loading={busy} aria-label={t('blocks.unblockNamed', { name: person.name })} onClick={() => unblock.mutate({ userId: person.id })}>
        {t('blocks.unblock')}
      </Button>
    );
  }
  return (
    <>
      <Button size={size} variant={variant} color="red" leftSection={<IconBan size={14} />} loading={busy} aria-label={t('blocks.blockNamed', { name: person.name })} onClick={() => setAsking(true)}>
        {t('blocks.block')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('blocks.confirmTitle', { name: person.name })}
        confirmLabel={t('blocks.block')}
        busy={block.isPending}
        onConfirm={() => block.mutate({ userId: person.id }, { onSuccess: () => setAsking(false) })}
        onCancel={() => setAsking(false)}
      >
        {t('blocks.confirmBody')}
      </ConfirmDialog>
    </>
  );
}
