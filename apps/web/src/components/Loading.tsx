import { Center, Loader, type CenterProps, type MantineSize } from '@mantine/core';

/** A part of a page that is loading: a spinner, announced by `label` (role status). */
export function Loading({ label, size, ...center }: CenterProps & { label: string; size?: MantineSize }) {
  return (
    <Center role="status" aria-label={label} {...center}>
      <Loader size={size} />
    </Center>
  );
}
