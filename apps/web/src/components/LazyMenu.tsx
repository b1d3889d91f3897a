import { Menu, type MenuProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { cloneElement, useLayoutEffect, useRef, useState, type FocusEvent, type MouseEvent, type PointerEvent, type ReactElement, type ReactNode, type Ref } from 'react';
import { flushSync } from 'react-dom';

/** The handlers and ref a target takes (Mantine's components and the DOM's elements all do). */
interface TargetProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
}

interface LazyMenuProps extends Omit<MenuProps, 'children' | 'opened' | 'defaultOpened' | 'onChange'> {
  /** The button that opens it: one element or component that takes a ref (as Menu.Target's child). */
  target: ReactElement<TargetProps>;
  /** The dropdown's items. */
  children: ReactNode;
}

/**
 * Mantine's Menu, set up only once its button is first pointed at, focused from the keyboard or
 * pressed. A Menu mounts a Popover (floating-ui's hooks, its transition, its focus return and trap)
 * even while closed, and every post and every message of one's own carries one: most are never
 * opened. Until then the button is drawn alone, saying it opens a menu; the first mouse over it or
 * keyboard focus on it mounts the Menu at once (the button is drawn again inside it, and keeps the
 * focus), so the press that follows is the Menu's own; a press with neither before (a tap, a screen
 * reader's) mounts it and then opens it, so its focus return knows the button.
 */
export function LazyMenu({ target, children, ...menu }: LazyMenuProps) {
  // Set up, and whether the button had the focus when the Menu replaced it (the new one then takes it).
  const [mounted, setMounted] = useState<{ focused: boolean } | null>(null);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLElement | null>(null);
  const props = target.props;
  const ref = useMergedRef(button, props.ref);

  useLayoutEffect(() => {
    if (mounted?.focused) button.current?.focus({ preventScroll: true });
  }, [mounted]);

  const mount = (focused: boolean) => flushSync(() => setMounted({ focused }));

  if (!mounted) {
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: (event: PointerEvent<HTMLElement>) => {
        props.onPointerEnter?.(event);
        if (event.pointerType === 'mouse') mount(document.activeElement === event.currentTarget);
      },
      onFocus: (event: FocusEvent<HTMLElement>) => {
        props.onFocus?.(event);
        if (event.currentTarget.matches(':focus-visible')) mount(true);
      },
      onClick: (event: MouseEvent<HTMLElement>) => {
        props.onClick?.(event);
        mount(document.activeElement === event.currentTarget);
        setOpened(true);
      },
    } as Partial<TargetProps>);
  }

  return (
    <Menu {...menu} opened={opened} onChange={setOpened}>
      <Menu.Target>{cloneElement(target, { ref })}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
