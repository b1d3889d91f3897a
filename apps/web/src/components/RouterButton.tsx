import { Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { ComponentPropsWithoutRef, Ref } from 'react';

/* The top bar's links, in the entry script; the other Mantine router links are in RouterLinks.tsx. */

type ButtonElementProps = ButtonProps & Omit<ComponentPropsWithoutRef<'a'>, keyof ButtonProps> & { ref?: Ref<HTMLAnchorElement> };

function ButtonElement(props: ButtonElementProps) {
  return <Button component="a" {...props} />;
}

const CreatedButton = createLink(ButtonElement);

/** Mantine's Button as a typed router link. */
export const RouterButton: LinkComponent<typeof ButtonElement> = (props) => <CreatedButton preload="intent" {...props} />;
