import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/server-text.ts';
import { isRateLimited } from '../../../lib/rate-limit.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { formatMoney } from '../../../lib/format.ts';
import { parseDollars } from './money.ts';
import type { PartnerBalance } from './types.ts';

/** The admin's form for one payout: an amount up to what is pending, and an optional reference. Fields start empty on each open. */
export function RecordPayoutDialog({ partner, onClose }: { partner: PartnerBalance | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={partner !== null} onClose={onClose} title={partner ? t('partners.admin.recordFor', { name: partner.fullName ?? partner.username }) : ''} centered radius="lg">
      {partner && <PayoutForm key={partner.partnerId} partner={partner} onDone={onClose} />}
    </Modal>
  );
}

function PayoutForm({ partner, onDone }: { partner: PartnerBalance; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pending = formatMoney(partner.pendingCents);
  const record = useMutation(
    trpc.partners.recordPayout.mutationOptions({
      onSuccess: (_result, input) => {
        notifications.show({ color: 'teal', message: t('partners.admin.recorded', { amount: formatMoney(input.amountCents), name: partner.fullName ?? partner.username }) });
        void queryClient.invalidateQueries({ queryKey: trpc.partners.pathKey() });
        onDone();
      },
      onError: (failure) => {
        if (!isRateLimited(failure)) setError(serverText(failure.message) || t('partners.admin.failed'));
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseDollars(amount);
    if (cents === null || cents <= 0) return setError(t('partners.admin.amountInvalid'));
    if (cents > partner.pendingCents) return setError(t('partners.admin.amountTooLarge', { amount: pending }));
    setError(null);
    record.mutate({ partnerId: partner.partnerId, amountCents: cents, reference: reference.trim() || null });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {partner.email} · {partner.referralCode}
        </Text>
        <TextInput
          label={t('partners.admin.amount')}
          description={t('partners.admin.amountHelp', { amount: pending })}
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          inputMode="decimal"
          placeholder="0.00"
          error={error}
          required
          data-autofocus
        />
        <TextInput
          label={t('partners.admin.reference')}
          description={t('partners.admin.referenceHelp')}
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          maxLength={200}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('partners.admin.cancel')}
          </Button>
          <Button type="submit" loading={record.isPending}>
            {t('partners.admin.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
