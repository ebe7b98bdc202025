import type { ComponentType } from 'react';
import { Badge, Container } from '@mantine/core';
import {
  IconAdjustments,
  IconBuildingHospital,
  IconBuildingStore,
  IconCalendarEvent,
  IconChevronDown,
  IconClipboardCheck,
  IconClipboardList,
  IconCreditCard,
  IconInbox,
  IconLayoutDashboard,
  IconLock,
  IconPresentation,
  IconReceipt,
  IconReportAnalytics,
  IconSettings,
  IconStar,
  IconStethoscope,
  IconUsers,
  IconWand,
  type IconProps,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useHeaderState } from '../../shared/navigation/headerState';
import { Disclosure, disclosureItem } from '../../shared/ui/Disclosure';
import type { HeaderMenu, MenuItemId, MenuLink, MoreItemId } from './menuRules';
import classes from './Header.module.css';

/** Every menu entry has an icon (practice-portal.md §2.3). */
export const MENU_ICONS: Record<MenuItemId | MoreItemId, ComponentType<IconProps>> = {
  dashboard: IconLayoutDashboard,
  checkInSummary: IconClipboardCheck,
  calendar: IconCalendarEvent,
  surveys: IconClipboardList,
  requests: IconInbox,
  reports: IconReportAnalytics,
  reputation: IconStar,
  settings: IconSettings,
  practiceDashboard: IconLayoutDashboard,
  billing: IconReceipt,
  practiceSurveys: IconClipboardList,
  services: IconStethoscope,
  paymentMethod: IconCreditCard,
  changePassword: IconLock,
  practiceSettings: IconBuildingHospital,
  users: IconUsers,
  marketplace: IconBuildingStore,
  platformSettings: IconAdjustments,
  onboardingWizard: IconWand,
  demoRequests: IconPresentation,
};

/** The page an entry leads to is the current one, or the current one lies below it. */
export function isCurrent(to: string, pathname: string): boolean {
  const target = to.split('?')[0]!.replace(/\/+$/, '');
  return pathname === target || pathname.startsWith(`${target}/`);
}

/** The pending-requests badge beside Requests (practice-portal.md §2.5); nothing while there are none. */
export function RequestsBadge() {
  const { t } = useTranslation();
  const { requestCount } = useHeaderState();
  if (requestCount <= 0) return null;
  return (
    <Badge
      size="sm"
      circle={requestCount < 10}
      color="red"
      aria-label={t('header.pendingRequests', { count: requestCount })}
    >
      {requestCount > 99 ? '99+' : requestCount}
    </Badge>
  );
}

function NavItem({ item }: { item: MenuLink }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const Icon = MENU_ICONS[item.id];
  const current = isCurrent(item.to, pathname);
  return (
    <Link
      to={item.to}
      className={classes.roleLink}
      aria-current={current ? 'page' : undefined}
      {...(item.newTab ? { target: '_blank', rel: 'noopener' } : {})}
    >
      <Icon size={18} stroke={1.8} aria-hidden />
      <span>{t(`header.nav.${item.label}`)}</span>
      {item.id === 'requests' ? <RequestsBadge /> : null}
    </Link>
  );
}

function MoreMenu({
  items,
  accent,
  opened,
  onChange,
}: {
  items: MenuLink<MoreItemId>[];
  accent: boolean;
  opened: boolean;
  onChange: (opened: boolean) => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The trigger is marked too while the current page is one of its entries.
  const holdsCurrent = items.some((item) => isCurrent(item.to, pathname));
  const triggerClassName = [
    classes.roleLink,
    accent ? classes.moreAccent : '',
    holdsCurrent ? classes.moreCurrent : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Disclosure
      opened={opened}
      onChange={onChange}
      align="start"
      width={250}
      triggerLabel={t('header.nav.more')}
      triggerClassName={triggerClassName}
      trigger={
        <>
          <span>{t('header.nav.more')}</span>
          <IconChevronDown size={14} stroke={2} aria-hidden />
        </>
      }
    >
      {items.map((item) => {
        const Icon = MENU_ICONS[item.id];
        return (
          <Link
            key={item.id}
            to={item.to}
            {...disclosureItem}
            aria-current={isCurrent(item.to, pathname) ? 'true' : undefined}
          >
            <Icon size={18} aria-hidden />
            {t(`header.nav.${item.label}`)}
          </Link>
        );
      })}
    </Disclosure>
  );
}

/**
 * The practice side's menu row under the header (1200 px and wider): the role's items in the spec's
 * order with the 'More' dropdown between Calendar and Surveys. Under 1200 px the burger menu repeats them.
 */
export function RoleNav({
  menu,
  moreOpened,
  onMoreChange,
}: {
  menu: HeaderMenu;
  moreOpened: boolean;
  onMoreChange: (opened: boolean) => void;
}) {
  const { t } = useTranslation();
  if (menu.before.length + menu.after.length === 0 && !menu.more) return null;
  return (
    <div className={classes.roleBar}>
      <Container size="xl" component="nav" aria-label={t('header.roleNav')} className={classes.roleNav}>
        {menu.before.map((item) => (
          <NavItem key={item.id} item={item} />
        ))}
        {menu.more ? (
          <MoreMenu items={menu.more} accent={menu.moreAccent} opened={moreOpened} onChange={onMoreChange} />
        ) : null}
        {menu.after.map((item) => (
          <NavItem key={item.id} item={item} />
        ))}
      </Container>
    </div>
  );
}
