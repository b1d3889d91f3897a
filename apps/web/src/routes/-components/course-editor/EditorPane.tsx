import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard.tsx';
import { Loading } from '../../../components/Loading.tsx';

interface EditorPaneProps {
  /** 'Module' or 'Lesson', above the form. */
  kind: string;
  label: string;
  dirty: boolean;
  saving: boolean;
  busy: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  badge?: ReactNode;
  children: ReactNode;
}

/** The right side of the content editor: a module's or lesson's form with 'Save Changes', asking before unsaved changes are left. */
export function EditorPane({ kind, label, dirty, saving, busy, onSubmit, badge, children }: EditorPaneProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form noValidate aria-label={label} onSubmit={onSubmit}>
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs">
              <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                {kind}
              </Text>
              {badge}
            </Group>
            {dirty && (
              <Badge color="yellow" variant="light">
                {t('courseEditor.unsaved')}
              </Badge>
            )}
          </Group>
          {children}
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={saving} disabled={busy}>
              {t('courseEditor.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <UnsavedChangesGuard shouldBlock={() => dirty} />
    </Paper>
  );
}

/** While a module or lesson loads, or when it could not be. */
export function PaneState({ error }: { error?: string }) {
  const { t } = useTranslation();
  return error ? (
    <Alert color="red" role="alert">
      {error}
    </Alert>
  ) : (
    <Loading py="xl" label={t('courseEditor.loading')} />
  );
}
