import { ActionIcon, Button, type ButtonProps } from '@mantine/core';
import { LazyTooltip } from '../LazyTooltip.tsx';
import { IconBan, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { useBlockActions, useBlockedIds } from './useBlocks.ts';

interface BlockButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  person: { id: string; name: string };
  /** An icon with a tooltip (a narrow header, where the words would squeeze the person's name). */
  iconOnly?: boolean;
}

interface ActionProps {
  label: string;
  name: string;
  icon: typeof IconBan;
  color: string;
  onClick: () => void;
}

/** 'Block' (confirmed: what it does) or 'Unblock' for a person, on their profile and in the chat header. */
export function BlockButton({ person, size = 'compact-sm', variant = 'subtle', iconOnly = false }: BlockButtonProps) {
  const { t } = useTranslation();
  const blocked = useBlockedIds().has(person.id);
  const { block, unblock, busy } = useBlockActions(person);
  const [asking, setAsking] = useState(false);
  const action = ({ label, name, icon: Icon, color, onClick }: ActionProps) =>
    iconOnly ? (
      <LazyTooltip label={label} withArrow>
        <ActionIcon variant={variant} color={color} loading={busy} aria-label={name} onClick={onClick}>
          <Icon size={16} />
        </ActionIcon>
      </LazyTooltip>
    ) : (
      <Button size={size} variant={variant} color={color} leftSection={<Icon size={14} />} loading={busy} aria-label={name} onClick={onClick}>
        {label}
      </Button>
    );
  if (blocked) {
    return action({ label: t('blocks.unblock'), name: t('blocks.unblockNamed', { name: person.name }), icon: IconLockOpen, color: 'gray', onClick: () => unblock.mutate({ userId: person.id }) });
  }
  return (
    <>
      {action({ label: t('blocks.block'), name: t('blocks.blockNamed', { name: person.name }), icon: IconBan, color: 'red', onClick: () => setAsking(true) })}
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
