import { Group, NavLink, Paper, Stack } from '@mantine/core';
import { IconCash, IconLayoutDashboard, IconListDetails, IconMessages } from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RouterButton, RouterNavLink } from '../../../components/RouterLinks.tsx';
import { usePartnerStanding } from './usePartner.ts';

/** The overview's sections, linked under 'Page Contents' while it is open. */
const OVERVIEW_SECTIONS = [
  { id: 'benefits', label: 'benefits' },
  { id: 'steps', label: 'steps' },
  { id: 'forum', label: 'forumSection' },
] as const;

/** The menu's pages; the payouts page only for platform admins (once that is known). */
function useItems() {
  const isAdmin = usePartnerStanding().data?.isAdmin === true;
  const items = [
    { to: '/partner', label: 'contents', icon: IconListDetails, exact: true },
    { to: '/partner/dashboard', label: 'dashboard', icon: IconLayoutDashboard, exact: false },
    { to: '/forum', label: 'forum', icon: IconMessages, exact: false },
  ] as const;
  return isAdmin ? [...items, { to: '/partner/payouts', label: 'payouts', icon: IconCash, exact: false } as const] : items;
}

/**
 * The partner pages' side menu (spec: Page Contents, Dashboard, Forum): a column beside the page
 * on wide screens, a row of small buttons above it on a phone.
 */
export function PartnerMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = useItems();
  const onOverview = pathname === '/partner' || pathname === '/partner/';
  return (
    <>
      <Paper component="nav" aria-label={t('partners.menu.label')} withBorder radius="lg" p="xs" visibleFrom="md" pos="sticky" top={76}>
        <Stack gap={2}>
          {items.map(({ to, label, icon: Icon, exact }) => (
            <RouterNavLink key={to} to={to} activeOptions={{ exact }} label={t(`partners.menu.${label}`)} leftSection={<Icon size={18} />} opened={to === '/partner' && onOverview} childrenOffset={28}>
              {/* Listed only while the overview is open, so there is no collapse to animate on leaving it. */}
              {to === '/partner' && onOverview
                ? OVERVIEW_SECTIONS.map((section) => <NavLink key={section.id} href={`#${section.id}`} label={t(`partners.menu.${section.label}`)} />)
                : undefined}
            </RouterNavLink>
          ))}
        </Stack>
      </Paper>
      <Group component="nav" aria-label={t('partners.menu.label')} hiddenFrom="md" gap={6}>
        {items.map(({ to, label, exact }) => (
          <RouterButton key={to} to={to} activeOptions={{ exact }} variant="default" radius="xl" size="compact-sm" activeProps={{ variant: 'light' }}>
            {t(`partners.menu.${label}`)}
          </RouterButton>
        ))}
      </Group>
    </>
  );
}
