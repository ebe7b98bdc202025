import { Container } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Breadcrumb } from '../breadcrumbs';
import classes from './BreadcrumbTrail.module.css';

/**
 * The trail of the page (practice-portal.md §2.2) as the WAI-ARIA breadcrumb pattern: a navigation landmark
 * named 'Breadcrumb' holding an ordered list, earlier levels as links and the page itself marked current.
 */
export function BreadcrumbTrail({ trail }: { trail: readonly Breadcrumb[] }) {
  const { t } = useTranslation();
  if (trail.length === 0) return null;
  return (
    <Container size="xl" pt="md">
      <nav aria-label={t('breadcrumb.label')}>
        <ol className={classes.list}>
          {trail.map((crumb, index) => {
            const label = t(`header.nav.${crumb.label}`);
            const last = index === trail.length - 1;
            return (
              <li key={crumb.path} className={classes.item}>
                {index > 0 ? (
                  <IconChevronRight size={14} stroke={2} aria-hidden className={classes.separator} />
                ) : null}
                {last ? (
                  <span aria-current="page" className={classes.current}>
                    {label}
                  </span>
                ) : (
                  <Link to={crumb.path} className={classes.link}>
                    {label}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
    </Container>
  );
}
