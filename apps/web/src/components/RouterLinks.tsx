import { ActionIcon, type ActionIconProps, Anchor, type AnchorProps, NavLink, type NavLinkProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { ComponentPropsWithoutRef, Ref } from 'react';

/*
 * Mantine's polymorphic `component={Link}` loses the router's types (a wrong `to` or a missing param
 * still compiles), so Mantine links are made with createLink: typed `to`, `params` and `search`,
 * preloaded on intent. Components with `renderRoot` (Menu.Item, UnstyledButton) render a `Link` there.
 * RouterButton has a file of its own: the top bar, in the entry script, needs only it.
 */

export { RouterButton } from './RouterButton.tsx';

type AnchorElementProps = AnchorProps & Omit<ComponentPropsWithoutRef<'a'>, keyof AnchorProps> & { ref?: Ref<HTMLAnchorElement> };
type NavLinkElementProps = Omit<NavLinkProps, 'href'> & { ref?: Ref<HTMLAnchorElement> };
type ActionIconElementProps = ActionIconProps & Omit<ComponentPropsWithoutRef<'a'>, keyof ActionIconProps> & { ref?: Ref<HTMLAnchorElement> };

function AnchorElement(props: AnchorElementProps) {
  return <Anchor component="a" {...props} />;
}

function NavLinkElement(props: NavLinkElementProps) {
  return <NavLink component="a" {...props} />;
}

function ActionIconElement(props: ActionIconElementProps) {
  return <ActionIcon component="a" {...props} />;
}

const CreatedAnchor = createLink(AnchorElement);
const CreatedNavLink = createLink(NavLinkElement);
const CreatedActionIcon = createLink(ActionIconElement);

/** Mantine's Anchor as a typed router link. */
export const RouterAnchor: LinkComponent<typeof AnchorElement> = (props) => <CreatedAnchor preload="intent" {...props} />;

/** Mantine's NavLink as a typed router link. */
export const RouterNavLink: LinkComponent<typeof NavLinkElement> = (props) => <CreatedNavLink preload="intent" {...props} />;

/** Mantine's ActionIcon (an icon button) as a typed router link. */
export const RouterActionIcon: LinkComponent<typeof ActionIconElement> = (props) => <CreatedActionIcon preload="intent" {...props} />;
