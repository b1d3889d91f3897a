import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface RowMenuProps {
  /** The button's word ('Role', 'Moderate') and its accessible name, which names the person. */
  label: string;
  ariaLabel: string;
  icon: ReactNode;
  color: 'gray' | 'red';
  loading: boolean;
  /** The menu's items. */
  children: ReactNode;
}

/** A small 'Label ▾' button at the end of a member's row that opens a menu of what may be done to them. */
export function RowMenu({ label, ariaLabel, icon, color, loading, children }: RowMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="subtle" color={color} loading={loading} leftSection={icon} rightSection={<IconChevronDown size={12} />} aria-label={ariaLabel}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
