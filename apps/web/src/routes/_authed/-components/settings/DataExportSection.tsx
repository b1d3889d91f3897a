import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../../i18n/server-text.ts';
import { formatDate, formatSize } from '../../../../lib/format.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { SectionHeading } from './SectionHeading.tsx';
import { SettingsCard } from './SettingsCard.tsx';
import { useLiveStart } from '../../../../lib/live-position.ts';

/**
 * 'Export my data': asks for an archive of everything the person has here, built in the background;
 * its state follows live (preparing, then ready with the download link and until when it is kept).
 */
export function DataExportSection() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const latest = useQuery(trpc.exports.latest.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.exports.latest.queryKey() });
  const start = useLiveStart();
  useSubscription(trpc.exports.onChange.subscriptionOptions(start.from, { onStarted: start.onStarted(() => void refresh()), onData: () => void refresh() }));
  const request = useMutation(trpc.exports.request.mutationOptions({ onSuccess: (view) => queryClient.setQueryData(trpc.exports.latest.queryKey(), view), onSettled: () => void refresh() }));
  const current = latest.data ?? null;
  const preparing = current?.status === 'preparing';

  return (
    <Stack gap="md" align="stretch">
      <SectionHeading title={t('exports.heading')} description={t('exports.description')} />
      <SettingsCard title={t('exports.title')} description={t('exports.contents')}>
          <div role="status" aria-live="polite">
            {latest.isPending ? (
              <Loader size="sm" aria-label={t('exports.loading')} />
            ) : preparing ? (
              <Group gap="xs" wrap="nowrap">
                <Loader size="xs" aria-hidden="true" />
                <Text size="sm">{t('exports.preparing')}</Text>
              </Group>
            ) : current?.status === 'ready' && current.downloadUrl ? (
              <Stack gap={4}>
                <Text size="sm" c="teal.8" fw={600}>
                  {t('exports.ready')}
                </Text>
                <Group gap="xs">
                  <IconFileZip size={18} aria-hidden="true" />
                  <Anchor href={current.downloadUrl} download fw={600}>
                    {t('exports.download')}
                  </Anchor>
                  {current.size !== null && (
                    <Text size="sm" c="dimmed" component="span">
                      {formatSize(current.size)}
                    </Text>
                  )}
                </Group>
                {current.expiresAt && (
                  <Text size="sm" c="dimmed">
                    {t('exports.expires', { date: formatDate(current.expiresAt, 'exact') })}
                  </Text>
                )}
              </Stack>
            ) : current?.status === 'failed' ? (
              <Text size="sm" c="red.8">
                {t('exports.failed')}
              </Text>
            ) : null}
          </div>
          <Button leftSection={<IconDownload size={16} />} onClick={() => request.mutate({})} loading={request.isPending} disabled={preparing || latest.isPending}>
            {t('exports.request')}
          </Button>
          {request.isError && (
            <Alert color="red" variant="light" role="alert">
              {serverText(request.error.message)}
            </Alert>
          )}
      </SettingsCard>
    </Stack>
  );
}
