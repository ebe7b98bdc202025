import { Group } from '@mantine/core';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import classes from './ReportTabs.module.css';

const TABS = [
  { to: '/practice-admin/reports/checked-in', label: 'tabs.checkedIn' },
  { to: '/practice-admin/reports/confirmations', label: 'tabs.confirmations' },
  { to: '/practice-admin/reports/message-logs', label: 'tabs.smsLogs' },
  { to: '/practice-admin/reports/activity-log', label: 'tabs.activityLog' },
  { to: '/practice-admin/reports/session-log', label: 'tabs.sessionLog' },
] as const;

/** The practice's reports (practice-portal.md §2.13) and logs (§3.9), one link each; the open one is marked current. */
export function ReportTabs() {
  const { t } = useTranslation('reports');
  return (
    <Group component="nav" aria-label={t('tabs.label')} gap="xs" wrap="wrap">
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className={classes.tab} end>
          {t(tab.label)}
        </NavLink>
      ))}
    </Group>
  );
}
