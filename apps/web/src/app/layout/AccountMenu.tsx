import { Avatar, Box, Text } from '@mantine/core';
import { IconChevronDown, IconLayoutDashboard, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { initials } from '@careslot/domain';
import { HEADER_LINK_ORDER, homeForRoles } from '../../shared/session/roleHome';
import type { SessionUser } from '../../shared/session/session';
import { Disclosure, disclosureClasses, disclosureItem } from '../../shared/ui/Disclosure';
import { photoUrl } from './headerRules';
import classes from './Header.module.css';

/** The signed-in user's thumbnail (photo, else initials) and its dropdown (practice-portal.md §2.3). */
export function AccountMenu({
  user,
  opened,
  onChange,
  onLogout,
}: {
  user: SessionUser;
  opened: boolean;
  onChange: (opened: boolean) => void;
  onLogout: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const photo = photoUrl(user.photos[0]);
  return (
    <Disclosure
      opened={opened}
      onChange={onChange}
      triggerLabel={t('header.accountMenu', { name: user.name })}
      triggerClassName={classes.accountButton}
      width={264}
      trigger={
        <>
          <Avatar src={photo} alt="" radius="xl" size={34} color="brand" variant="filled">
            {initials(user)}
          </Avatar>
          <IconChevronDown size={14} stroke={2} aria-hidden />
        </>
      }
    >
      <Box px={10} py={8}>
        <Text fw={600} size="sm" truncate>
          {user.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {user.email}
        </Text>
      </Box>
      <div className={disclosureClasses.divider} />
      <Link to={homeForRoles(user.roles, HEADER_LINK_ORDER) ?? '/'} {...disclosureItem}>
        <IconLayoutDashboard size={18} aria-hidden />
        {t('header.myDashboard')}
      </Link>
      <button type="button" {...disclosureItem} onClick={() => void onLogout()}>
        <IconLogout size={18} aria-hidden />
        {t('header.logout')}
      </button>
    </Disclosure>
  );
}
