import { NavLink, type NavLinkProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { Ref } from 'react';

type AnchorNavLinkProps = Omit<NavLinkProps, 'href'> & { ref?: Ref<HTMLAnchorElement> };

function AnchorNavLink(props: AnchorNavLinkProps) {
  return <NavLink component="a" {...props} />;
}

const Created = createLink(AnchorNavLink);

/** Mantine's NavLink as a typed router link. */
export const RouterNavLink: LinkComponent<typeof AnchorNavLink> = (props) => <Created preload="intent" {...props} />;
