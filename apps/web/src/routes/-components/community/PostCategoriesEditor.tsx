import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createCategoryInput } from '@app/shared/categories';
import { MAX_CATEGORIES } from '@app/shared/plain/categories';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { serverText } from '../../../i18n/server-text.ts';
import { formatCount } from '../../../lib/format.ts';
import { isRateLimited } from '../../../lib/rate-limit.ts';
import { useTRPC } from '../../../lib/trpc.ts';

interface Category {
  id: string;
  name: string;
  emoji: string;
}

/** The first words the shared schema has against a category (server and form say the same). */
function problemOf(input: { communityId: string; name: string; emoji: string }): string | null {
  const parsed = createCategoryInput.safeParse(input);
  return parsed.success ? null : serverText(parsed.error.issues[0]!.message);
}

function useCategoryWrite() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return {
    refresh: (communityId: string) => queryClient.invalidateQueries({ queryKey: trpc.posts.categories.queryKey({ communityId }) }),
    failed: (error: unknown) => {
      if (!isRateLimited(error)) notifications.show({ color: 'red', message: serverText((error as Error).message) });
    },
  };
}

/** The owner's post categories (issue 24), in the community's edit area: add, rename, reorder, delete; up to 10. */
export function PostCategoriesEditor({ communityId }: { communityId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const categories = useQuery(trpc.posts.categories.queryOptions({ communityId }));
  const list = categories.data ?? [];
  const write = useCategoryWrite();
  const reorder = useMutation(trpc.posts.reorderCategories.mutationOptions({ onSuccess: () => write.refresh(communityId), onError: write.failed }));
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((c) => c.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate({ communityId, categoryIds: ids });
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="post-categories-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="xl" id="post-categories-title">
            {t('feedViews.settings.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('feedViews.settings.subtitle', { max: formatCount(MAX_CATEGORIES) })}
          </Text>
        </div>
        {list.length === 0 && !categories.isPending && (
          <Text size="sm" c="dimmed">
            {t('feedViews.settings.empty')}
          </Text>
        )}
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((category, index) => (
            <li key={category.id}>
              <CategoryRow
                communityId={communityId}
                category={category}
                first={index === 0}
                last={index === list.length - 1}
                busy={reorder.isPending}
                onMove={(by) => move(index, by)}
              />
            </li>
          ))}
        </Stack>
        {list.length < MAX_CATEGORIES ? <AddCategory communityId={communityId} /> : <Text size="sm">{t('feedViews.settings.full', { max: formatCount(MAX_CATEGORIES) })}</Text>}
      </Stack>
    </Paper>
  );
}

function AddCategory({ communityId }: { communityId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const write = useCategoryWrite();
  const [name, setName] = useState('');
  const [emoji, setEmoji] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation(
    trpc.posts.createCategory.mutationOptions({
      onSuccess: async () => {
        setName('');
        setEmoji('');
        await write.refresh(communityId);
        notifications.show({ color: 'teal', message: t('feedViews.settings.added') });
      },
      onError: (error) => {
        if (!isRateLimited(error)) setProblem(serverText(error.message));
      },
    }),
  );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const input = { communityId, name, emoji };
        const found = problemOf(input);
        setProblem(found);
        if (!found) create.mutate(input);
      }}
    >
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput label={t('feedViews.settings.emoji')} placeholder="💡" w={80} value={emoji} onChange={(e) => setEmoji(e.currentTarget.value)} />
          <TextInput label={t('feedViews.settings.name')} style={{ flex: 1 }} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Button type="submit" loading={create.isPending}>
            {t('feedViews.settings.add')}
          </Button>
        </Group>
        {problem && (
          <Alert color="red" role="alert" p="xs" radius="md">
            {problem}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

interface CategoryRowProps {
  communityId: string;
  category: Category;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
}

function CategoryRow({ communityId, category, first, last, busy, onMove }: CategoryRowProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const write = useCategoryWrite();
  const [name, setName] = useState(category.name);
  const [emoji, setEmoji] = useState(category.emoji);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const changed = name !== category.name || emoji !== category.emoji;
  const update = useMutation(
    trpc.posts.updateCategory.mutationOptions({
      onSuccess: async () => {
        await write.refresh(communityId);
        notifications.show({ color: 'teal', message: t('feedViews.settings.saved') });
      },
      onError: (error) => {
        if (!isRateLimited(error)) setProblem(serverText(error.message));
      },
    }),
  );
  const remove = useMutation(
    trpc.posts.deleteCategory.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        await write.refresh(communityId);
        notifications.show({ color: 'teal', message: t('feedViews.settings.deleted') });
      },
    }),
  );
  const names = { name: category.name };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = problemOf({ communityId, name, emoji });
        setProblem(found);
        if (!found) update.mutate({ communityId, categoryId: category.id, name, emoji });
      }}
    >
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap">
          <TextInput aria-label={t('feedViews.settings.rowEmoji', names)} w={64} value={emoji} onChange={(e) => setEmoji(e.currentTarget.value)} />
          <TextInput aria-label={t('feedViews.settings.rowName', names)} style={{ flex: 1 }} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          {changed && (
            <Button type="submit" size="compact-md" loading={update.isPending}>
              {t('feedViews.settings.save')}
            </Button>
          )}
          <ActionIcon variant="subtle" color="gray" aria-label={t('feedViews.settings.moveUp', names)} disabled={first || busy} onClick={() => onMove(-1)}>
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" aria-label={t('feedViews.settings.moveDown', names)} disabled={last || busy} onClick={() => onMove(1)}>
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('feedViews.settings.delete', names)} onClick={() => setConfirming(true)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        {problem && (
          <Alert color="red" role="alert" p="xs" radius="md">
            {problem}
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('feedViews.settings.deleteTitle', names)}
        confirmLabel={t('feedViews.settings.deleteConfirm')}
        busy={remove.isPending}
        error={remove.error ? serverText(remove.error.message) : null}
        onConfirm={() => remove.mutate({ communityId, categoryId: category.id })}
        onCancel={() => setConfirming(false)}
      >
        {t('feedViews.settings.deleteHint')}
      </ConfirmDialog>
    </form>
  );
}
