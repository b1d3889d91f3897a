import { ActionIcon, Anchor, Group, Image, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconFileText, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface FileLink {
  key: string;
  url: string;
  /** A file picked in the editor and not saved yet is shown by name too. */
  name?: string;
}

interface CourseFileLinksProps {
  documents: FileLink[];
  images: FileLink[];
  /** In the editor: each file can be taken off the module. */
  onRemove?: (list: 'documents' | 'images', key: string) => void;
}

/** A module's documents as 'View Document N' links and its images with 'View Full Size': the editor's and the learning view's. */
export function CourseFileLinks({ documents, images, onRemove }: CourseFileLinksProps) {
  const { t } = useTranslation();
  return (
    <>
      {documents.length > 0 && (
        <Stack gap={4} role="list" aria-label={t('courseEditor.documents')}>
          {documents.map((file, index) => (
            <Paper key={file.key} withBorder radius="md" px="sm" py={6} role="listitem">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconFileText size={18} aria-hidden="true" />
                  <Anchor href={file.url} target="_blank" rel="noopener" size="sm" fw={600}>
                    {t('courseEditor.viewDocument', { n: index + 1 })}
                  </Anchor>
                  {file.name && (
                    <Text size="xs" c="dimmed" truncate>
                      {file.name}
                    </Text>
                  )}
                </Group>
                {onRemove && <RemoveButton label={t('courseEditor.removeDocument', { n: index + 1 })} onClick={() => onRemove('documents', file.key)} />}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {images.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" role="list" aria-label={t('courseEditor.images')}>
          {images.map((file, index) => (
            <Paper key={file.key} withBorder radius="md" p={6} role="listitem">
              <Stack gap={6}>
                <Image src={file.url} alt={t('courseEditor.imageAlt', { n: index + 1 })} radius="sm" h={110} fit="cover" />
                <Group justify="space-between" wrap="nowrap" gap={4}>
                  <Anchor href={file.url} target="_blank" rel="noopener" size="xs" fw={600}>
                    <Group gap={4} wrap="nowrap">
                      {t('courseEditor.viewFullSize')}
                      <IconExternalLink className="mirror-rtl" size={12} aria-hidden="true" />
                    </Group>
                  </Anchor>
                  {onRemove && <RemoveButton label={t('courseEditor.removeImage', { n: index + 1 })} onClick={() => onRemove('images', file.key)} />}
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label} onClick={onClick}>
        <IconX size={14} />
      </ActionIcon>
    </Tooltip>
  );
}
